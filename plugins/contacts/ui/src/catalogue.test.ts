import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import contacts from './module';

const src = dirname(fileURLToPath(import.meta.url));

const lookup = (key: string) => catalogueLookup(es, key);

describe('the contacts remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, contacts behind contact.client, suppliers behind contact.provider', () => {
    expect(isVolanteModule(contacts)).toBe(true);
    expect(contacts.namespace).toBe('contacts');
    expect(contacts.routes.map((r) => [r.path, r.permission])).toEqual([
      ['/contact/list', 'contact.client'],
      ['/contact/list/create', 'contact.client'],
      ['/contact/view/:contact_id/:back_dgt_folder', 'contact.client'],
      ['/provider/list', 'contact.provider'],
      ['/provider/view/:provider_id', 'contact.provider'],
    ]);
    // the menu labels of plugin.toml ([[ui.menu]] label = "contacts:menu.…")
    const manifest = readFileSync(resolve(src, '../../plugin.toml'), 'utf8');
    expect(manifest).toMatch(/label = "contacts:menu\.contacts"/);
    expect(manifest).toMatch(/label = "contacts:menu\.providers"\s*\npath = "\/provider\/list"\s*\npermission = "contact\.provider"/);
    expect(lookup('menu.contacts')).toBe('Contactos');
    expect(lookup('menu.providers')).toBe('Proveedores');
    // the manifest's UI routes are the module's (`{param}` there, `:param` here)
    const uiRoutes = JSON.parse(/^routes = (\[.*\])$/m.exec(manifest)![1]) as string[];
    expect(uiRoutes.map((r) => r.replace(/\{(\w+)\}/g, ':$1'))).toEqual(contacts.routes.map((r) => r.path));
    expect(resources.en).toEqual({});
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(5);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });
});
