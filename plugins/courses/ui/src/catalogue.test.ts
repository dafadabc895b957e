import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { CATEGORIES, KIND_IDS, KINDS } from './kinds';
import { COURSE_STATES, MODALITIES, SESSION_KINDS, STATE_FILTERS, TEACHER_ROLES, VIEW_TABS } from './lists';
import { COURSE_FIELDS } from './components/CourseForm';
import courses from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);

describe('the courses remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, six routes behind their kind\'s permission', () => {
    expect(isVolanteModule(courses)).toBe(true);
    expect(courses.id).toBe('courses');
    expect(courses.namespace).toBe('courses');
    expect(resources.en).toEqual({});
    expect(courses.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/course/list', 'course'],
      ['/course/view/:course_id', 'course'],
      ['/permisoa/list', 'permisoa'],
      ['/permisoa/view/:curso_permiso_a_id', 'permisoa'],
      ['/recuperacionpuntos/list', 'recuperacionpuntos'],
      ['/recuperacionpuntos/view/:recuperacionpuntos_id', 'recuperacionpuntos'],
    ]);
    expect(KIND_IDS.map((k) => KINDS[k].prefix)).toEqual(['course/', 'cursopermiso/a/', 'recuperacionpuntos/']);
    expect([lookup('menu.courses'), lookup('menu.permit_a'), lookup('menu.points_recovery')]).toEqual(['Cursos de formación', 'Cursos del permiso A', 'Recuperación de puntos']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu labels", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "courses"/);
    const labels = [...manifest.matchAll(/label = "courses:([\w.]+)"/g)].map((m) => m[1]);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    if (declared.length) expect(courses.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
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
      category: CATEGORIES,
      modality: MODALITIES,
      sessionKind: SESSION_KINDS,
      teacherRole: TEACHER_ROLES,
      state: COURSE_STATES,
      tabs: VIEW_TABS,
      'list.filters.states': STATE_FILTERS.map((s) => s || 'open'),
      fields: COURSE_FIELDS,
      'kinds.course': ['title'],
      'kinds.permit_a': ['title'],
      'kinds.points_recovery': ['title'],
      'sessions.hoursState': ['under', 'over', 'done'],
      'teachers.fields': ['first_name', 'last_name', 'fiscal_code', 'role', 'qualification'],
      'places.fields': ['name', 'address', 'city', 'province_id', 'capacity'],
      students: ['enrol', 'enrolNone', 'added'],
      form: ['invalidHours'],
    };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    // the brief's Spanish names of the fixed lists
    expect(CATEGORIES.map((c) => lookup(`category.${c}`))).toEqual([
      'CAP inicial',
      'CAP formación continua',
      'Mercancías peligrosas (ADR)',
      'FUNDAE',
      'Otro',
      'Permiso A',
      'Recuperación parcial (12 h)',
      'Recuperación total (24 h)',
    ]);
    expect(MODALITIES.map((m) => lookup(`modality.${m}`))).toEqual(['Presencial', 'En línea', 'Mixta']);
    expect(SESSION_KINDS.map((k) => lookup(`sessionKind.${k}`))).toEqual(['Teórica', 'Práctica']);
    expect(TEACHER_ROLES.map((r) => lookup(`teacherRole.${r}`))).toEqual(['Formador', 'Psicólogo', 'Profesor de formación vial']);
  });
});
