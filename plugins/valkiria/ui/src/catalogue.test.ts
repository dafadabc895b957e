import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { DOUBT_STATUSES, EVOLUTION_GROUPS, LICENCES, ONLINE_CLOSED, SEARCH_MODES, STUDENT_STATUSES, TEST_KINDS, TEST_LANGUAGES, TRANSLATION_LANGUAGES } from './lists';
import valkiria from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

const ROUTES = [
  '/test/edicion/list',
  '/test/edicion/view/:test_descripcion/:id_cuestion/:test_cuestiones',
  '/valkiria/alumnos',
  '/valkiria/alumno/:student_id',
  '/valkiria/caducidades',
  '/valkiria/test/:test_id/alumno/:student_id',
  '/dudas/list',
  '/dudas/view/:dudas_id',
];
/** The student's own page at home (their personal link): public, no permission. */
const PUBLIC_ROUTES = ['/test/online/:reference'];

describe('the valkiria remote', () => {
  it("honours the module contract: marker, namespace, Spanish resources, eight routes behind the valkiria permission and the link's page public", () => {
    expect(isVolanteModule(valkiria)).toBe(true);
    expect(valkiria.id).toBe('valkiria');
    expect(valkiria.namespace).toBe('valkiria');
    expect(resources.en).toEqual({});
    expect(valkiria.routes.map((r) => [r.path, r.permission ?? null])).toEqual([...ROUTES.map((path) => [path, 'valkiria']), ...PUBLIC_ROUTES.map((path) => [path, null])]);
    expect(lookup('menu.valkiria')).toBe('Test online');
    expect(lookup('menu.dudas')).toBe('Dudas');
  });

  it.runIf(existsSync(manifestPath) && readFileSync(manifestPath, 'utf8').includes('[ui]'))("matches plugin.toml's [ui]: remote, routes, public routes and menu", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "valkiria"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    // every menu label is a key of the catalogue (`valkiria:menu.valkiria`)
    const labels = [...ui.matchAll(/\[\[ui\.menu\]\][^[]*?label = "([^"]+)"/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => !label.startsWith('valkiria:'))).toEqual([]);
    expect(labels.map((label) => label.slice('valkiria:'.length)).filter((key) => !hasMessage(es, key))).toEqual([]);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(valkiria.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // the public routes are the ones without a permission
    const open = ui.slice(ui.indexOf('public_routes = ['));
    const publicRoutes = [...open.slice(0, open.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(valkiria.routes.filter((r) => !r.permission).map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(publicRoutes);
    expect(publicRoutes).toEqual(['/test/online/{reference}']);
    // every menu entry opens one of the routes, behind the routes' permission
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = valkiria.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
    expect(new Set([...ui.matchAll(/permission = "([\w.]+)"/g)].map((m) => m[1]))).toEqual(new Set(['valkiria']));
  });

  it('no component carries literal text, and the Spanish catalogue has every key they use, none empty', () => {
    const files = componentFiles(src);
    expect(files.length).toBeGreaterThan(15);
    expect({ literals: scanJsxLiterals(src), missing: missingKeys(files, es, src), empty: emptyMessages(es) }).toEqual({ literals: [], missing: [], empty: [] });
  });

  it('every key built from a value has its Spanish text', () => {
    const keys = [
      ...TEST_KINDS.map((k) => `kinds.${k}`),
      ...TEST_LANGUAGES.map((l) => `languages.${l}`),
      ...SEARCH_MODES.map((m) => `finder.modes.${m}`),
      ...['text', 'reference'].map((m) => `finder.placeholders.${m}`),
      ...STUDENT_STATUSES.map((s) => `students.statuses.${s || 'all'}`),
      ...EVOLUTION_GROUPS.flatMap((g) => [`evolution.groups.${g}`, `evolution.periods.${g}`]),
      ...['summary', 'tests', 'evolution', 'blocks', 'failed', 'doubts', 'resets'].map((tab) => `tabs.${tab}`),
      ...['bank', 'students', 'expiries', 'doubts'].map((s) => `nav.${s}`),
      ...DOUBT_STATUSES.flatMap((s) => [`doubts.statuses.${s || 'all'}`, `doubts.empty.${s || 'all'}`]),
      ...['students', 'activeStudents', 'expiring', 'attempts', 'passRate'].map((f) => `figures.${f}`),
      ...['active', 'inactive', 'deleted'].map((s) => `states.${s}`),
      ...['passed', 'failed'].map((r) => `result.${r}`),
      ...ONLINE_CLOSED.flatMap((c) => [`online.closed.${c}.title`, `online.closed.${c}.message`]),
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(LICENCES).toHaveLength(18);
    expect(TRANSLATION_LANGUAGES.map((l) => lookup(`languages.${l}`))).toEqual(['Català', 'Euskara', 'Galego', 'English', 'Français', 'Deutsch']);
    expect(lookup('pin.once')).toBe('Apunte el PIN: no se volverá a mostrar');
    expect(DOUBT_STATUSES.map((s) => lookup(`doubts.statuses.${s || 'all'}`))).toEqual(['Sin leer', 'Leídas', 'Respondidas', 'Sin responder', 'Todas']);
    expect(lookup('ask.action')).toBe('Tengo una duda');
    expect(['unknown', 'revoked'].map((c) => lookup(`online.closed.${c}.title`))).toEqual(['Este enlace no es válido', 'Este enlace ya no da acceso']);
    expect([lookup('online.link.title'), lookup('online.back')]).toEqual(['Test online en casa', 'Volver a mis test']);
  });
});
