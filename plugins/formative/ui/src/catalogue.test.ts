import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { ASSIGNMENT_FILTERS, ASSIGNMENT_STATUSES, CONTENT_TABS, STATE_FILTERS, STATUSES, STATUS_FILTERS } from './lists';
import { CONTENT_FIELDS } from './components/ContentForm';
import { ASSIGN_FIELDS } from './components/AssignDialog';
import formative from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

/** The menu entries the manifest declares (README "Menu"): label, path, permission, icon. */
export const MENU = [
  ['menu.contents', '/formative/content/list', 'formative.content', 'book'],
  ['menu.report90', '/report/formative/90/list', 'formative.content.assign', 'chart'],
  ['menu.reportBlocks', '/report/formative/blocks/list', 'formative.content.assign', 'chart'],
] as const;

describe('the formative remote', () => {
  it("honours the module contract: marker, namespace, Spanish resources, five routes (the link's page public)", () => {
    expect(isVolanteModule(formative)).toBe(true);
    expect(formative.id).toBe('formative');
    expect(formative.namespace).toBe('formative');
    expect(resources.en).toEqual({});
    expect(formative.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/formative/content/list', 'formative.content'],
      ['/formative/content/view/:content_id', 'formative.content'],
      ['/report/formative/90/list', 'formative.content.assign'],
      ['/report/formative/blocks/list', 'formative.content.assign'],
      ['/formacion/:reference', null],
    ]);
    expect(MENU.map(([label]) => lookup(label))).toEqual(['Contenidos formativos', 'Alumnos al 90 %', 'Avance por bloques']);
    // every menu entry opens one of the routes, behind that route's permission
    for (const [, path, permission] of MENU) expect(formative.routes.find((r) => r.path === path)?.permission).toBe(permission);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, public routes, menu labels, permissions and icons", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "formative"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const listed = (key: string) => {
      const from = ui.slice(ui.indexOf(`${key} = [`));
      return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    };
    const asDeclared = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    expect(formative.routes.map((r) => asDeclared(r.path)).sort()).toEqual([...listed('\nroutes')].sort());
    // the public routes are the ones without a permission
    expect(formative.routes.filter((r) => !r.permission).map((r) => asDeclared(r.path))).toEqual(listed('public_routes'));
    const entries = [...ui.matchAll(/label = "formative:([\w.]+)"\s*\npath = "(\/[^"]+)"\s*\npermission = "([\w.]+)"\s*\nicon = "(\w+)"/g)].map((m) => [m[1], m[2], m[3], m[4]]);
    expect(entries).toEqual(MENU.map((entry) => [...entry]));
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text', () => {
    const keys = [
      ...STATUSES.map((s) => `statuses.${s}`),
      ...STATUS_FILTERS.map((s) => `list.filters.statuses.${s || 'any'}`),
      ...STATE_FILTERS.map((s) => `list.filters.states.${s || 'live'}`),
      ...ASSIGNMENT_FILTERS.map((s) => `students.filters.statuses.${s || 'any'}`),
      ...ASSIGNMENT_STATUSES.map((s) => `assignments.statuses.${s}`),
      ...CONTENT_TABS.map((tab) => `content.tab.${tab}`),
      ...CONTENT_FIELDS.map((f) => `contents.fields.${f}`),
      ...ASSIGN_FIELDS.map((f) => `assign.fields.${f}`),
      ...['lessons', 'students', 'completed', 'reached_90'].map((f) => `figures.${f}`),
      ...['active', 'inactive'].map((s) => `edit.states.${s}`),
      ...['done', 'open', 'closed'].map((m) => `student.marks.${m}`),
      ...['off', 'permission'].map((why) => `syllabi.refused.${why}`),
      ...['unknown', 'revoked', 'access', 'unavailable'].flatMap((c) => [`student.closed.${c}.title`, `student.closed.${c}.message`]),
      'states.inactive',
      'states.deleted',
      'students.paused',
      'students.resumed',
      'hours',
      'days',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(ASSIGNMENT_STATUSES.map((s) => lookup(`assignments.statuses.${s}`))).toEqual(['En curso', 'Pendiente', 'Caducado', 'En pausa']);
    expect(['unknown', 'revoked'].map((c) => lookup(`student.closed.${c}.title`))).toEqual(['Este enlace no es válido', 'Este enlace ya no da acceso']);
  });
});
