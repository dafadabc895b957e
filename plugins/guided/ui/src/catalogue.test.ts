import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { ADD_TABS, CLASS_STATUSES, GROUP_STATE_FILTERS, GROUP_STATES, LICENCES, RESOURCE_KINDS } from './lists';
import guided from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

const ROUTES = ['/clase/guiada/list', '/clase/guiada/grupo/view/:class_room_group_id', '/clase/guiada/view/:classroom_id/:group_id'];

describe('the guided remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, three routes behind the guided permission', () => {
    expect(isVolanteModule(guided)).toBe(true);
    expect(guided.id).toBe('guided');
    expect(guided.namespace).toBe('guided');
    expect(resources.en).toEqual({});
    expect(guided.routes.map((r) => [r.path, r.permission ?? null])).toEqual(ROUTES.map((path) => [path, 'guided']));
    expect(lookup('menu.guided')).toBe('Clases guiadas');
  });

  it.runIf(existsSync(manifestPath) && readFileSync(manifestPath, 'utf8').includes('[ui]'))("matches plugin.toml's [ui]: remote, routes and menu", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "guided"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    // every menu label is a key of the catalogue (`guided:menu.guided`)
    const labels = [...ui.matchAll(/\[\[ui\.menu\]\][^[]*?label = "([^"]+)"/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => !label.startsWith('guided:'))).toEqual([]);
    expect(labels.map((label) => label.slice('guided:'.length)).filter((key) => !hasMessage(es, key))).toEqual([]);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(guided.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // every menu entry opens one of the routes, behind the routes' permission
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = guided.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
    expect(new Set([...ui.matchAll(/permission = "([\w.]+)"/g)].map((m) => m[1]))).toEqual(new Set(['guided']));
  });

  it('no component carries literal text, and the Spanish catalogue has every key they use, none empty', () => {
    const files = componentFiles(src);
    expect(files.length).toBeGreaterThan(12);
    expect({ literals: scanJsxLiterals(src), missing: missingKeys(files, es, src), empty: emptyMessages(es) }).toEqual({ literals: [], missing: [], empty: [] });
  });

  it('every key built from a value has its Spanish text', () => {
    const keys = [
      ...RESOURCE_KINDS.map((k) => `kinds.${k}`),
      ...CLASS_STATUSES.flatMap((s) => [`statuses.${s}`, `classes.mark.done.${s}`]),
      ...GROUP_STATES.map((s) => `states.${s}`),
      ...GROUP_STATE_FILTERS.map((s) => `groups.states.${s || 'all'}`),
      ...ADD_TABS.map((tab) => `editor.tabs.${tab}`),
      'states.deleted',
      'classes.resources',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(LICENCES).toHaveLength(18);
    expect(lookup('viewer.missing')).toBe('Este recurso ya no está en el libro');
    expect([lookup('viewer.previous'), lookup('viewer.next'), lookup('classes.mark.given'), lookup('classes.mark.pending')]).toEqual([
      'Anterior recurso',
      'Siguiente recurso',
      'Marcar como impartida',
      'Marcar como pendiente',
    ]);
  });
});
