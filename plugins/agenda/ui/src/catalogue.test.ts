import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { PRIORITIES, REMINDERS, TASK_STATUSES } from './lists';
import { EVENT_FIELDS, reminderKey } from './components/EventForm';
import { TASK_FIELDS } from './components/TaskForm';
import agenda from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

describe('the agenda remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, three routes behind schedule and task', () => {
    expect(isVolanteModule(agenda)).toBe(true);
    expect(agenda.id).toBe('agenda');
    expect(agenda.namespace).toBe('agenda');
    expect(resources.en).toEqual({});
    expect(agenda.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/schedule/list', 'schedule'],
      ['/schedule/view/:schedule_id', 'schedule'],
      ['/task/list', 'task'],
    ]);
    expect([lookup('menu.schedule'), lookup('menu.tasks')]).toEqual(['Agenda', 'Tareas']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu labels", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "agenda"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "agenda:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.schedule', 'menu.tasks']);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(agenda.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
  });

  it('no component carries a literal user-facing string; the catalogue has every key they use, none empty', () => {
    expect(componentFiles(src).length).toBeGreaterThan(5);
    expect(scanJsxLiterals(src)).toEqual([]);
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const keys = [
      ...PRIORITIES.map((p) => `priority.${p}`),
      ...TASK_STATUSES.map((s) => `tasks.status.${s}`),
      ...EVENT_FIELDS.map((f) => `events.fields.${f}`),
      ...TASK_FIELDS.map((f) => `tasks.fields.${f}`),
      'events.form.endNeedsStart',
      'events.form.endAfterStart',
      ...[null, ...REMINDERS, 45].map(reminderKey),
    ];
    expect(keys.filter((k) => !hasMessage(es, k))).toEqual([]);
    expect(PRIORITIES.map((p) => lookup(`priority.${p}`))).toEqual(['Baja', 'Normal', 'Alta']);
    expect(TASK_STATUSES.map((s) => lookup(`tasks.status.${s}`))).toEqual(['Pendientes', 'Hechas', 'Todas']);
    expect([null, ...REMINDERS].map((m) => lookup(reminderKey(m)))).toEqual([
      'Sin recordatorio',
      'A la hora de empezar',
      '5 minutos antes',
      '10 minutos antes',
      '15 minutos antes',
      '30 minutos antes',
      '1 hora antes',
      '2 horas antes',
      '1 día antes',
      '2 días antes',
    ]);
  });
});
