import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { REQUEST_STATUSES, SIGNER_FIELDS, VARIABLES } from './lists';
import { TABS } from './components/agreementDraft';
import agreements from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

/** The quoted paths of `name = [ … ]` in a TOML text. */
const pathsOf = (toml: string, name: string) => {
  const from = toml.slice(toml.search(new RegExp(`^${name} = \\[`, 'm')));
  return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
};
const declared = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the agreements remote', () => {
  it('honours the module contract: two routes behind the agreement permission and the public signing page', () => {
    expect(isVolanteModule(agreements)).toBe(true);
    expect(agreements.id).toBe('agreements');
    expect(agreements.namespace).toBe('agreements');
    expect(resources.en).toEqual({});
    expect(agreements.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/agreement/list', 'agreement'],
      ['/agreement/view/:agreement_id', 'agreement'],
      ['/agreement/sign/:reference', null],
    ]);
    expect(lookup('menu.agreements')).toBe('Acuerdos');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, public routes and menu label", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "agreements"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    expect([...manifest.matchAll(/label = "agreements:([\w.]+)"/g)].map((m) => m[1])).toEqual(['menu.agreements']);
    expect(agreements.routes.map((r) => declared(r.path)).sort()).toEqual(pathsOf(ui, 'routes').sort());
    // the public routes are the ones without a permission
    expect(agreements.routes.filter((r) => !r.permission).map((r) => declared(r.path))).toEqual(pathsOf(ui, 'public_routes'));
    const menuPaths = [...ui.matchAll(/^path = "(\/[^"]+)"/gm)].map((m) => m[1]);
    expect(menuPaths).toEqual(['/agreement/list']);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    const files = [...componentFiles(src), resolve(src, 'actions.ts')];
    expect(missingKeys(files, es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text: the 19 variables, the statuses, the signer, the tabs, the closed links', () => {
    const keys = [
      ...VARIABLES.map((v) => `variables.${v}`),
      ...REQUEST_STATUSES.map((s) => `status.${s}`),
      ...SIGNER_FIELDS.map((f) => `signer.${f}`),
      ...TABS.map((k) => `form.tab.${k}`),
      ...['agreements', 'config'].map((k) => `list.tab.${k}`),
      ...['expired', 'unknown', 'unavailable'].flatMap((k) => [`sign.closed.${k}.title`, `sign.closed.${k}.message`]),
      'delete.question',
      'delete.done',
      'placements.pages',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(VARIABLES).toHaveLength(19);
    expect(VARIABLES.map((v) => lookup(`variables.${v}`))).toContain('Mes de la firma (en letra)');
    expect(REQUEST_STATUSES.map((s) => lookup(`status.${s}`))).toEqual(['Pendiente', 'Firmado']);
  });
});
