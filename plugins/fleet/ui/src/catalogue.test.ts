import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { CATEGORIES, COVERAGES, FUELS, GEARBOXES, ITV_RESULTS, MAINTENANCE_KINDS, PAYMENTS, POLICY_KINDS, POLICY_TABS, STATE_FILTERS, VEHICLE_KINDS } from './lists';
import fleet from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);
const routePattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

describe('the fleet remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, six routes with no permission', () => {
    expect(isVolanteModule(fleet)).toBe(true);
    expect(fleet.id).toBe('fleet');
    expect(fleet.namespace).toBe('fleet');
    expect(resources.en).toEqual({});
    expect(fleet.routes.map((r) => r.path)).toEqual([
      '/vehicle/list',
      '/vehicle/view/:vehicle_id',
      '/workshop/list',
      '/workshop/view/:workshop_id',
      '/insurance/list/:show_tab',
      '/insurance/carrier/:insurance_id',
    ]);
    // reading needs only the service: the shell only guards routes that name a permission
    expect(fleet.routes.every((r) => r.permission === undefined)).toBe(true);
    expect([lookup('menu.vehicles'), lookup('menu.workshops'), lookup('menu.insurance')]).toEqual(['Vehículos', 'Talleres', 'Seguros']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, menu labels and paths", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "fleet"/);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(fleet.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(declared);
    const labels = [...manifest.matchAll(/label = "fleet:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.vehicles', 'menu.workshops', 'menu.insurance']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const paths = [...manifest.slice(manifest.indexOf('[[ui.menu]]')).matchAll(/path = "([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(['/vehicle/list', '/workshop/list', '/insurance/list/vigentes']);
    for (const path of paths) expect(fleet.routes.some((r) => routePattern(r.path).test(path))).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const families: Record<string, readonly string[]> = {
      kind: VEHICLE_KINDS,
      fuel: FUELS,
      gearbox: GEARBOXES,
      upkeepKind: MAINTENANCE_KINDS,
      itvResult: ITV_RESULTS,
      category: CATEGORIES,
      policyKind: POLICY_KINDS,
      coverage: COVERAGES,
      payment: PAYMENTS,
      itv: ['ok', 'due_soon', 'overdue', 'unknown'],
      status: ['pending', 'current', 'expiring', 'expired'],
      tabs: POLICY_TABS,
      'policies.empty': POLICY_TABS,
      'filters.vehicle': STATE_FILTERS.map((s) => s || 'open'),
      'filters.workshop': STATE_FILTERS.map((s) => s || 'open'),
      ...Object.fromEntries(['vehicle', 'workshop', 'policy'].map((of) => [`state.${of}`, ['active', 'inactive', 'deleted']])),
      ...Object.fromEntries(
        ['vehicle', 'workshop', 'policy'].map((of) => [
          `record.${of}`,
          ['deactivate', 'activate', 'delete', 'deactivateQuestion', 'activateQuestion', 'deleteQuestion', 'deactivated', 'activated', 'deleted'],
        ]),
      ),
      // WorkshopForm's text inputs: `fields.${field}`
      fields: ['name', 'tax_code', 'contact_person', 'phone', 'email', 'street', 'city', 'postal_code'],
      alerts: ['itvOverdue', 'itvDueSoon', 'policyExpired', 'policyExpiring'],
      days: ['left', 'ago', 'today'],
    };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    // the plugin's Spanish names (README "Fixed lists")
    expect(VEHICLE_KINDS.map((k) => lookup(`kind.${k}`))).toEqual(['Turismo', 'Motocicleta', 'Ciclomotor', 'Camión', 'Autobús', 'Remolque', 'Otro']);
    expect(FUELS.map((k) => lookup(`fuel.${k}`))).toEqual(['Gasolina', 'Diésel', 'Eléctrico', 'Híbrido gasolina', 'Híbrido diésel', 'Hidrógeno']);
    expect(POLICY_TABS.map((k) => lookup(`tabs.${k}`))).toEqual(['Vigentes', 'Por vencer', 'Vencidas', 'Todas']);
    expect(COVERAGES.map((k) => lookup(`coverage.${k}`))).toEqual(['Terceros', 'Terceros ampliado', 'Todo riesgo']);
  });
});
