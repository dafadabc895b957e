import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { AGREEMENT_STATUSES, BLOG_STATUSES, BLOG_TONE, COURSE_STATUSES, COURSE_TONE, CUSTOMER_PATHS, CUSTOMER_SCREENS, CUSTOMER_STATUSES, ENVIRONMENTS, FOOTER_LEGAL_KINDS, KEY_KINDS, LEGAL_KINDS, ORDER_STATES, PAYMENT_METHODS } from './lists';
import web from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);
/** The quoted paths of `name = [ … ]` in a TOML text. */
const pathsOf = (toml: string, name: string) => {
  const from = toml.slice(toml.search(new RegExp(`^${name} = \\[`, 'm')));
  return [...from.slice(0, from.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
};
const declared = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the web remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, six staff routes behind the web permission and the public customer area', () => {
    expect(isVolanteModule(web)).toBe(true);
    expect(web.id).toBe('web');
    expect(web.namespace).toBe('web');
    expect(resources.en).toEqual({});
    expect(web.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      // every staff call needs the permission, reading too
      ['/web/payments', 'web'],
      ['/web/apis', 'web'],
      ['/web/orders', 'web'],
      ['/web/orders/:order_id', 'web'],
      ['/web/info', 'web'],
      ['/web/blog', 'web'],
      // the customer area: public screens, no permission (the storefront's key and the customer's token)
      ['/layout/contact/dashboard', null],
      ['/layout/contact/account', null],
      ['/layout/contact/orders', null],
      ['/layout/contact/order/create', null],
      ['/layout/contact/agreements', null],
      ['/layout/contact/blog', null],
    ]);
    expect(CUSTOMER_SCREENS.map((s) => CUSTOMER_PATHS[s])).toEqual(web.routes.filter((r) => !r.permission).map((r) => r.path));
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, public routes, menu labels and paths", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "web"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    expect(web.routes.map((r) => declared(r.path))).toEqual(pathsOf(ui, 'routes'));
    // the public routes are the ones without a permission, each also one of the routes
    expect(web.routes.filter((r) => !r.permission).map((r) => declared(r.path))).toEqual(pathsOf(ui, 'public_routes'));
    const labels = [...manifest.matchAll(/label = "web:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.orders', 'menu.payments', 'menu.info', 'menu.blog', 'menu.apis']);
    expect(labels.map(lookup)).toEqual(['Pedidos', 'Pasarela de pago', 'Textos legales', 'Blog', 'Claves y API']);
    // no menu entry for the customer area
    const paths = [...ui.slice(ui.indexOf('[[ui.menu]]')).matchAll(/^path = "([^"]+)"/gm)].map((m) => m[1]);
    expect(paths).toEqual(['/web/orders', '/web/payments', '/web/info', '/web/blog', '/web/apis']);
    for (const path of paths) expect(web.routes.some((r) => r.path === path && r.permission === 'web')).toBe(true);
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
    const families: Record<string, readonly (string | number)[]> = {
      state: ORDER_STATES,
      method: PAYMENT_METHODS,
      environment: ENVIRONMENTS,
      kinds: KEY_KINDS,
      agreementStatus: AGREEMENT_STATUSES,
      'customer.dashboard.courses.status': COURSE_STATUSES,
      'customer.nav': CUSTOMER_SCREENS,
      customerStatus: CUSTOMER_STATUSES,
      'legal.kinds': LEGAL_KINDS,
      'legal.state': ['published', 'withdrawn', 'unwritten'],
      blogStatus: BLOG_STATUSES,
      'blog.saved': BLOG_STATUSES,
      'customer.legal.links': FOOTER_LEGAL_KINDS,
      // a guest's two ways on a new order
      'customer.order.guest': ['access', 'buy'],
    };
    const missing = Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`).filter((key) => !hasMessage(es, key)));
    expect(missing).toEqual([]);
    expect(ORDER_STATES.map((s) => lookup(`state.${s}`))).toEqual(['Pendiente de pago', 'Pagado', 'Configurado', 'Con errores']);
    expect(PAYMENT_METHODS.map((m) => lookup(`method.${m}`))).toEqual(['Tarjeta', 'Bizum']);
    expect(ENVIRONMENTS.map((e) => lookup(`environment.${e}`))).toEqual(['Pruebas', 'Real']);
    expect(KEY_KINDS.map((k) => lookup(`kinds.${k}`))).toEqual(['Mapas', 'Analítica', 'Redes sociales', 'Pasarela de pago', 'Correo y SMS', 'Integración externa']);
    expect(AGREEMENT_STATUSES.map((s) => lookup(`agreementStatus.${s}`))).toEqual(['Pendiente de firma', 'Firmado']);
    expect(COURSE_STATUSES.map((s) => lookup(`customer.dashboard.courses.status.${s}`))).toEqual(['Disponible', 'Empieza el {{date}}', 'Terminó el {{date}}', 'En pausa']);
    // every status has its badge tone (the ended one muted)
    expect(Object.keys(COURSE_TONE).sort()).toEqual([...COURSE_STATUSES].sort());
    expect(CUSTOMER_SCREENS.map((s) => lookup(`customer.nav.${s}`))).toEqual(['Inicio', 'Mis datos', 'Mis pedidos', 'Nuevo pedido', 'Mis acuerdos', 'Noticias']);
    // a blog post's statuses, the spec's list "Blog/social post status", each with its badge tone
    expect(BLOG_STATUSES.map((s) => lookup(`blogStatus.${s}`))).toEqual(['Borrador', 'Programada', 'Publicada', 'Descartada']);
    expect(Object.keys(BLOG_TONE)).toEqual(BLOG_STATUSES);
    expect(hasMessage(es, 'customer.order.unavailable')).toBe(true);
    // a customer's mode in the shop, as the web plugin names them (status.rs), and none
    expect([...CUSTOMER_STATUSES, 'none'].map((s) => lookup(`customerStatus.${s}`))).toEqual(['Demostración', 'Matriculado', 'Sin modo (compra como matriculado)']);
    // the legal texts as the web plugin names them (legal.rs KINDS), and the footer's short names
    expect(LEGAL_KINDS.map((k) => lookup(`legal.kinds.${k}`))).toEqual(['Aviso legal', 'Política de privacidad', 'Política de cookies', 'Condiciones de compra']);
    expect(FOOTER_LEGAL_KINDS.map((k) => lookup(`customer.legal.links.${k}`))).toEqual(['Aviso legal', 'Privacidad', 'Cookies']);
  });
});
