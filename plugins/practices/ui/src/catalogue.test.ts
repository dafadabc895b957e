import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { LESSON_STATUSES, LICENCES, QUICK_STATUSES, RECORD_STATES } from './lists';
import { TYPE_FIELDS } from './components/TypeForm';
import { LESSON_FIELDS } from './components/LessonForm';
import practices from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);

describe('the practices remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, five routes behind the hermes permission', () => {
    expect(isVolanteModule(practices)).toBe(true);
    expect(practices.id).toBe('practices');
    expect(practices.namespace).toBe('practices');
    expect(resources.en).toEqual({});
    expect(practices.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/formative/practice/type', 'hermes'],
      ['/formative/practice/view/:practice_type_id', 'hermes'],
      ['/practices/students', 'hermes'],
      ['/practices/student/:student_id', 'hermes'],
      ['/practices/agenda', 'hermes'],
    ]);
    expect([lookup('menu.agenda'), lookup('menu.students'), lookup('menu.types')]).toEqual(['Agenda de prácticas', 'Alumnos de prácticas', 'Tipos de práctica']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu labels", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "practices"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "practices:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.agenda', 'menu.students', 'menu.types']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(practices.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(8);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const families: Record<string, readonly string[]> = {
      status: LESSON_STATUSES,
      typeState: RECORD_STATES,
      'types.fields': TYPE_FIELDS,
      'lessons.fields': LESSON_FIELDS.filter((f) => f !== 'status'),
      'lessons.actions': [...QUICK_STATUSES, 'scheduled', 'move'],
    };
    const built = [...QUICK_STATUSES, 'scheduled'].flatMap((s) => [`lessons.actions.${s}Named`, `lessons.actions.${s}Done`]);
    const missing = [
      ...Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`)),
      ...built,
      'lessons.fields.done',
      'students.unpaid',
    ].filter((key) => !hasMessage(es, key));
    expect(missing).toEqual([]);
    // the brief's Spanish names of the lesson statuses
    expect(LESSON_STATUSES.map((s) => lookup(`status.${s}`))).toEqual(['Programada', 'Dada', 'No presentado', 'Anulada']);
    expect(LICENCES).toEqual(['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV']);
  });
});
