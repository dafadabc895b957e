import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { ENVIRONMENTS, KEY_KINDS, ORDER_STATES, PAYMENT_METHODS } from './lists';
import web from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);

describe('the web remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, four routes behind the web permission', () => {
    expect(isVolanteModule(web)).toBe(true);
    expect(web.id).toBe('web');
    expect(web.namespace).toBe('web');
    expect(resources.en).toEqual({});
    expect(web.routes.map((r) => r.path)).toEqual(['/web/payments', '/web/apis', '/web/orders', '/web/orders/:order_id']);
    // every staff call needs the permission, reading too
    expect(web.routes.every((r) => r.permission === 'web')).toBe(true);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, menu labels and paths", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "web"/);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(web.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(declared);
    const labels = [...manifest.matchAll(/label = "web:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.orders', 'menu.payments', 'menu.apis']);
    expect(labels.map(lookup)).toEqual(['Pedidos', 'Pasarela de pago', 'Claves y API']);
    const paths = [...ui.slice(ui.indexOf('[[ui.menu]]')).matchAll(/path = "([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(['/web/orders', '/web/payments', '/web/apis']);
    for (const path of paths) expect(web.routes.some((r) => r.path === path)).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(5);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys(componentFiles(src), es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it("every value of the fixed lists has the README's Spanish name", () => {
    const families: Record<string, readonly (string | number)[]> = { state: ORDER_STATES, method: PAYMENT_METHODS, environment: ENVIRONMENTS, kinds: KEY_KINDS };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    expect(ORDER_STATES.map((s) => lookup(`state.${s}`))).toEqual(['Pendiente de pago', 'Pagado', 'Configurado', 'Con errores']);
    expect(PAYMENT_METHODS.map((m) => lookup(`method.${m}`))).toEqual(['Tarjeta', 'Bizum']);
    expect(ENVIRONMENTS.map((e) => lookup(`environment.${e}`))).toEqual(['Pruebas', 'Real']);
    expect(KEY_KINDS.map((k) => lookup(`kinds.${k}`))).toEqual(['Mapas', 'Analítica', 'Redes sociales', 'Pasarela de pago', 'Correo y SMS', 'Integración externa']);
  });
});
