// Copies the contact schemas generated from the plugin's Rust types (scripts/build-plugins.sh
// contacts → ~/.cache/volante/plugins/contacts.schemas.json) into src/schema/, the snapshot the
// screens are built from. Run after changing the Contact or DgtRecord types.
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const generated = JSON.parse(readFileSync(join(homedir(), '.cache', 'volante', 'plugins', 'contacts.schemas.json'), 'utf8'));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'schema', 'contacts.schemas.json');
writeFileSync(target, `${JSON.stringify({ contact: generated.contact, contact_dgt: generated.contact_dgt }, null, 2)}\n`);
console.log(`updated ${target}`);
