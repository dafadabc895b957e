import type { JsonSchema } from '@volante/plugin-ui';
import schemas from './contacts.schemas.json';

/**
 * The plugin's JSON Schemas, generated from its Rust types (`plugins/contacts/examples/schemas.rs`,
 * run by scripts/build-plugins.sh into ~/.cache/volante/plugins/contacts.schemas.json) and kept
 * here as a snapshot; `schema.test.ts` fails when the generated file has moved on. The host does
 * not serve schemas over HTTP yet — when it does, the screens can ask for them instead.
 */
export const contactSchema = schemas.contact as unknown as JsonSchema;
export const dgtSchema = schemas.contact_dgt as unknown as JsonSchema;
