import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { REPEATS, TABS } from './lists';
import { ALARM_FIELDS } from './components/AlarmForm';
import alarms from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

/** The quoted paths of `name = [ … ]` in a TOML text. */
const pathsOf = (toml: string, name: string) => {
  const from = toml.slice(toml.search(new RegExp(`^${name} = \\[`, 'm')));
  return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
};
const declared = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the alarms remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, two routes behind alarm', () => {
    expect(isVolanteModule(alarms)).toBe(true);
    expect(alarms.id).toBe('alarms');
    expect(alarms.namespace).toBe('alarms');
    expect(resources.en).toEqual({});
    expect(alarms.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/alarma/list', 'alarm'],
      ['/alarma/view/:alarma_id', 'alarm'],
    ]);
    expect(lookup('menu.alarms')).toBe('Alarmas');
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, the menu entry and its badge", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "alarms"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    expect([...manifest.matchAll(/label = "alarms:([\w.]+)"/g)].map((m) => m[1])).toEqual(['menu.alarms']);
    expect(alarms.routes.map((r) => declared(r.path)).sort()).toEqual(pathsOf(ui, 'routes').sort());
    expect([...ui.matchAll(/^path = "(\/[^"]+)"/gm)].map((m) => m[1])).toEqual(['/alarma/list']);
    expect(ui).toMatch(/icon = "clock"/);
    // the badge counts what the "Avisos" tab lists
    expect(ui).toMatch(/call = "alarma\/notice\/read"/);
    expect(ui).toMatch(/field = "total"/);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(6);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every key built from a value has its Spanish text, and the texts asked for are exact', () => {
    const keys = [...REPEATS.map((r) => `repeat.${r}`), ...TABS.map((tab) => `tabs.${tab}`), ...ALARM_FIELDS.map((f) => `fields.${f}`), 'notices.dismissedAll'];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(REPEATS.map((r) => lookup(`repeat.${r}`))).toEqual(['No se repite', 'Cada día', 'Cada semana', 'Cada mes', 'Cada año']);
    expect(TABS.map((tab) => lookup(`tabs.${tab}`))).toEqual(['Avisos', 'Alarmas']);
    expect([lookup('notices.open'), lookup('notices.dismiss'), lookup('notices.dismissAll')]).toEqual(['Abrir', 'Descartar', 'Descartar todos']);
    expect([lookup('alarms.new'), lookup('alarms.mine'), lookup('alarms.never'), lookup('view.never'), lookup('fields.send_mail')]).toEqual([
      'Nueva alarma',
      'Solo las mías',
      'No volverá a sonar',
      'No volverá a sonar',
      'Enviar también por correo',
    ]);
    expect(lookup('groups.delete.question')).toMatch(/Las alarmas del grupo se conservan, sin grupo/);
  });
});
