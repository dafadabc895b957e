import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { ACCOUNT_STATES, CONTRACT_TYPES, GENDERS, STATE_FILTERS, VIEW_TABS, WORKDAYS } from './lists';
import employees from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);
const routePattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

describe('the employees remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, five routes behind the permissions their calls need', () => {
    expect(isVolanteModule(employees)).toBe(true);
    expect(employees.id).toBe('employees');
    expect(employees.namespace).toBe('employees');
    expect(resources.en).toEqual({});
    expect(employees.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/employee/list', null],
      ['/employee/view/:employee_id', 'employee'],
      ['/employee/permissions/list', 'employee.permissions'],
      ['/employee/permissions/view/:id', 'employee.permissions'],
      ['/employee/sessions/list', 'employee.devices'],
    ]);
    expect([lookup('menu.employees'), lookup('menu.roles'), lookup('menu.sessions')]).toEqual(['Empleados', 'Roles y permisos', 'Dispositivos y sesiones']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, menu labels and paths", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "employees"/);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(employees.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(declared);
    const labels = [...manifest.matchAll(/label = "employees:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.employees', 'menu.roles', 'menu.sessions']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const paths = [...manifest.slice(manifest.indexOf('[[ui.menu]]')).matchAll(/path = "([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(['/employee/list', '/employee/permissions/list', '/employee/sessions/list']);
    for (const path of paths) expect(employees.routes.some((r) => routePattern(r.path).test(path))).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(15);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const families: Record<string, readonly string[]> = {
      gender: GENDERS,
      contract: CONTRACT_TYPES,
      workday: WORKDAYS,
      state: ['active', 'inactive', 'deleted'],
      accountState: ACCOUNT_STATES,
      tabs: VIEW_TABS,
      'list.filters.states': STATE_FILTERS.map((s) => s || 'open'),
      // the forms' text inputs: `fields.${field}`
      fields: ['code', 'first_name', 'last_name', 'second_last_name', 'fiscal_code', 'phone', 'street', 'city', 'postal_code', 'teacher_number', 'social_security_number', 'iban', 'professional_category'],
      // keys chosen by a condition (`t(cond ? 'a' : 'b')`)
      record: ['deactivate', 'activate', 'deactivateQuestion', 'activateQuestion', 'accountFollowsOff', 'accountFollowsOn', 'deactivated', 'activated'],
      access: ['activate', 'activated', 'deactivated', 'locked', 'unlocked', 'twoFactorOn', 'twoFactorOff', 'lockedText', 'activeText', 'inactiveText', 'twoFactorUnknown', 'twoFactorEnabled', 'twoFactorDisabled'],
      pin: ['has', 'none'],
      sessions: ['empty', 'noMatch'],
      account: ['weakPassword'],
      '': ['yes', 'no'],
      'activity.actions': ['user_state', 'user_email', 'user_role', 'user_two_factor', 'user_password_reset', 'device_remove', 'device_purge', 'device_rename'],
    };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => (prefix ? `${prefix}.${v}` : v)).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    // the plugin's Spanish names (README "Fixed lists")
    expect(CONTRACT_TYPES.map((k) => lookup(`contract.${k}`))).toEqual([
      'Indefinido',
      'Fijo discontinuo',
      'Temporal por circunstancias de la producción',
      'De sustitución',
      'Formativo',
      'Autónomo colaborador',
    ]);
    expect(ACCOUNT_STATES.map((k) => lookup(`accountState.${k}`))).toEqual(['Sin cuenta', 'Activo', 'Inactivo', 'Bloqueado']);
  });
});
