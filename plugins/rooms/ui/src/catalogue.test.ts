import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { DETAIL_TABS, PERSON_KINDS, STATE_FILTERS } from './lists';
import { ROOM_FIELDS } from './components/RoomForm';
import { INSPECTOR_FIELDS } from './components/InspectorDialog';
import rooms from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

describe('the rooms remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, four routes (the link\'s page public)', () => {
    expect(isVolanteModule(rooms)).toBe(true);
    expect(rooms.id).toBe('rooms');
    expect(rooms.namespace).toBe('rooms');
    expect(resources.en).toEqual({});
    expect(rooms.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/room/list', 'room.manage'],
      ['/room/menu', 'room'],
      ['/pizarra/open', 'room'],
      ['/aula/:reference', null],
    ]);
    expect(lookup('menu.rooms')).toBe('Mis aulas');
    expect(lookup('menu.manage')).toBe('Gestión de aulas');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, public routes, menu labels and permissions", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "rooms"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "rooms:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.rooms', 'menu.manage']);
    const listed = (key: string) => {
      const from = ui.slice(ui.indexOf(`${key} = [`));
      return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    };
    const asDeclared = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    expect(rooms.routes.map((r) => asDeclared(r.path)).sort()).toEqual([...listed('\nroutes')].sort());
    // the public routes are the ones without a permission
    expect(rooms.routes.filter((r) => !r.permission).map((r) => asDeclared(r.path))).toEqual(listed('public_routes'));
    // every menu entry opens one of the routes, behind that route's permission
    const entries = [...ui.matchAll(/path = "(\/[^"]+)"\s*\npermission = "([\w.]+)"/g)].map((m) => [m[1], m[2]]);
    expect(entries).toEqual([
      ['/room/menu', 'room'],
      ['/room/list', 'room.manage'],
    ]);
    for (const [path, permission] of entries) expect(rooms.routes.find((r) => r.path === path)?.permission).toBe(permission);
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
      ...STATE_FILTERS.map((s) => `list.filters.states.${s || 'live'}`),
      ...PERSON_KINDS.map((k) => `kinds.${k}`),
      ...DETAIL_TABS.map((tab) => `detail.tab.${tab}`),
      ...ROOM_FIELDS.map((f) => `rooms.fields.${f}`),
      ...INSPECTOR_FIELDS.filter((f) => f !== 'room_id').map((f) => `inspectors.fields.${f}`),
      ...['expired', 'unknown', 'room', 'unavailable'].flatMap((c) => [`join.closed.${c}.title`, `join.closed.${c}.message`]),
      'people.students',
      'report.meetings',
      'report.minutes',
      'present.title',
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(STATE_FILTERS.map((s) => lookup(`list.filters.states.${s || 'live'}`))).toEqual(['Activas', 'Eliminadas', 'Todas']);
    expect(PERSON_KINDS.map((k) => lookup(`kinds.${k}`))).toEqual(['Profesor', 'Personal', 'Alumno', 'Inspector', 'Gestión']);
  });
});
