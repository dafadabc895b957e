import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { COURSE_STATUSES, CONTRIBUTION_GROUPS, EDUCATION_LEVELS, GENDERS, KINDS, MODALITIES, PROFESSIONAL_CATEGORIES, STATE_FILTERS } from './lists';
import consulting from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

/** Every field a form draws (its label is `fields.<name>`). */
const FIELDS = [
  'name', 'tax_code', 'accreditation', 'contact_person', 'phone', 'email', 'street', 'postal_code', 'city', 'province_id', 'group_id', 'notes',
  'contribution_account', 'cnae', 'staff', 'training_credit', 'representative_name', 'representative_dni',
  'first_name', 'last_name', 'dni', 'social_security_number', 'birth_date', 'gender', 'company_id', 'education_level', 'professional_category', 'contribution_group', 'disability',
  'action_code', 'group_code', 'modality', 'hours', 'start_date', 'end_date', 'centre_id', 'trainer', 'cost', 'status',
];
/** What each kind says in its own words (gender and number differ). */
const KIND_TEXTS = ['title', 'tab', 'new', 'table', 'search', 'empty', 'groups', 'count', 'groupDelete', 'released', 'the', 'fallback', 'createTitle', 'created', 'saved', 'data', 'back', 'activated', 'deactivated', 'deleted'];
const SECTIONS = ['centre', 'company', 'worker', 'employment', 'course', 'parties', 'contact', 'other'];
const COLUMNS = ['name', 'tax_code', 'city', 'accreditation', 'group', 'contribution_account', 'workers', 'dni', 'company', 'social_security_number', 'codes', 'modality', 'dates', 'centre', 'participants', 'status', 'hours'];

const ROUTES = [
  '/facilauto/consulting/centros',
  '/facilauto/consulting/centros/view/:centro_id',
  '/facilauto/consulting/empresas',
  '/facilauto/consulting/empresas/view/:empresa_id',
  '/facilauto/consulting/trabajadores',
  '/facilauto/consulting/trabajadores/view/:trabajador_id',
  '/facilauto/consulting/cursos',
  '/facilauto/consulting/cursos/view/:curso_id',
];

describe('the consulting remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, eight routes behind the consulting permission', () => {
    expect(isVolanteModule(consulting)).toBe(true);
    expect(consulting.id).toBe('consulting');
    expect(consulting.namespace).toBe('consulting');
    expect(resources.en).toEqual({});
    expect(consulting.routes.map((r) => [r.path, r.permission ?? null])).toEqual(ROUTES.map((path) => [path, 'consulting']));
    expect(lookup('menu.consulting')).toBe('Consultoría de formación');
  });

  it.runIf(existsSync(manifestPath) && readFileSync(manifestPath, 'utf8').includes('[ui]'))("matches plugin.toml's [ui]: remote, routes and menu", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "consulting"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "consulting:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((key) => !hasMessage(es, key))).toEqual([]);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(consulting.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // every menu entry opens one of the routes, behind the routes' permission
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = consulting.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
    expect(new Set([...ui.matchAll(/permission = "([\w.]+)"/g)].map((m) => m[1]))).toEqual(new Set(['consulting']));
  });

  it('no component carries literal text, and the Spanish catalogue has every key they use, none empty', () => {
    const files = componentFiles(src);
    expect(files.length).toBeGreaterThan(10);
    expect({ literals: scanJsxLiterals(src), missing: missingKeys(files, es, src), empty: emptyMessages(es) }).toEqual({ literals: [], missing: [], empty: [] });
  });

  it('every key built from a value has its Spanish text', () => {
    const keys = [
      ...KINDS.flatMap((kind) => KIND_TEXTS.map((text) => `kinds.${kind}.${text}`)),
      ...FIELDS.map((f) => `fields.${f}`),
      ...SECTIONS.map((s) => `sections.${s}`),
      ...COLUMNS.map((c) => `columns.${c}`),
      ...STATE_FILTERS.map((s) => `filters.states.${s || 'live'}`),
      ...['active', 'inactive', 'deleted'].map((s) => `states.${s}`),
      ...COURSE_STATUSES.map((s) => `status.${s}`),
      ...MODALITIES.map((m) => `modalities.${m}`),
      ...GENDERS.map((g) => `genders.${g}`),
      ...EDUCATION_LEVELS.map((e) => `education.${e}`),
      ...PROFESSIONAL_CATEGORIES.map((c) => `categories.${c}`),
      ...CONTRIBUTION_GROUPS.map((g) => `contributionGroups.${g}`),
      ...['activate', 'deactivate', 'delete'].flatMap((a) => ['title', 'question', 'action'].map((p) => `stateActions.${a}.${p}`)),
    ];
    expect(keys.filter((key) => !hasMessage(es, key))).toEqual([]);
    expect(KINDS.map((kind) => lookup(`kinds.${kind}.tab`))).toEqual(['Empresas', 'Trabajadores', 'Cursos', 'Centros']);
    expect(STATE_FILTERS.map((s) => lookup(`filters.states.${s || 'live'}`))).toEqual(['Activos e inactivos', 'Solo activos', 'Solo inactivos', 'Eliminados', 'Todos']);
  });
});
