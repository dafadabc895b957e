import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, hasMessage, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import { CATEGORY_STATUSES, DISCOUNT_TYPES, PROCESS_KINDS, PRODUCT_STATUSES, RECORD_STATES, STATE_FILTERS } from './lists';
import { GENERAL_FIELDS, PROCESS_FIELDS, PURCHASE_FIELDS, SALES_FIELDS, TABS } from './components/productDraft';
import { CATEGORY_FIELDS } from './components/CategoryForm';
import products from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');
const lookup = (key: string) => catalogueLookup(es, key);

describe('the products remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, six routes behind the product permission', () => {
    expect(isVolanteModule(products)).toBe(true);
    expect(products.id).toBe('products');
    expect(products.namespace).toBe('products');
    expect(resources.en).toEqual({});
    expect(products.routes.map((r) => [r.path, r.permission ?? null])).toEqual([
      ['/product/list', 'product'],
      ['/product/view/:product_id/:pack', 'product'],
      ['/product/category/list/:category_id', 'product'],
      ['/product/category/view/:category_id', 'product'],
      ['/marketing/poster/editor', 'product'],
      ['/marketing/poster/product/:id', 'product'],
    ]);
    expect([lookup('menu.products'), lookup('menu.posters'), lookup('menu.categories')]).toEqual(['Productos', 'Carteles', 'Categorías']);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes and menu labels", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "products"/);
    expect(ui).toMatch(/exposes = \["\.\/routes"\]/);
    const labels = [...manifest.matchAll(/label = "products:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.products', 'menu.posters', 'menu.categories']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(products.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual([...declared].sort());
    // every menu entry opens one of the routes
    const menuPaths = [...ui.matchAll(/path = "(\/[^"]+)"/g)].map((m) => m[1]);
    const patterns = products.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    expect(menuPaths.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components and hooks use, none empty', () => {
    expect(missingKeys([...componentFiles(src), resolve(src, 'actions.ts')], es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });

  it('every value of the fixed lists, and every key built from one, has its Spanish text', () => {
    const families: Record<string, readonly string[]> = {
      status: PRODUCT_STATUSES,
      categoryStatus: CATEGORY_STATUSES,
      state: RECORD_STATES,
      discount: DISCOUNT_TYPES,
      tabs: TABS,
      fields: [...GENERAL_FIELDS, ...PURCHASE_FIELDS, ...SALES_FIELDS, 'processes'],
      'processes.kinds': PROCESS_KINDS,
      'processes.fields': PROCESS_FIELDS,
      'categories.fields': CATEGORY_FIELDS,
      'filters.states': STATE_FILTERS.map((s) => s || 'live'),
    };
    const chosen = [
      'products.state.activate', 'products.state.deactivate', 'products.state.activated', 'products.state.deactivated',
      'categories.state.activate', 'categories.state.deactivate', 'categories.state.activateNamed', 'categories.state.deactivateNamed',
      'categories.state.activated', 'categories.state.deactivated', 'products.delete.title', 'products.delete.titlePack',
      'view.newProduct', 'view.newPack', 'view.createProduct', 'view.createPack', 'view.productCreated', 'view.packCreated',
      'view.productData', 'view.packData', 'view.productSaved', 'view.packSaved', 'view.inPacks', 'clone.question', 'clone.done',
      'categories.delete.done', 'runs.retry.question', 'runs.retry.questionBuyer', 'runs.retry.running', 'runs.attempts', 'processes.summaryRepetitions',
    ];
    const missing = [...Object.entries(families).flatMap(([prefix, values]) => values.map((v) => `${prefix}.${v}`)), ...chosen].filter((key) => !hasMessage(es, key));
    expect(missing).toEqual([]);
    // the spec's Spanish names
    expect(PRODUCT_STATUSES.map((s) => lookup(`status.${s}`))).toEqual(['Publicado', 'Destacado', 'Oculto', 'Descatalogado']);
    expect(CATEGORY_STATUSES.map((s) => lookup(`categoryStatus.${s}`))).toEqual(['Pública', 'Privada']);
    expect(TABS.map((s) => lookup(`tabs.${s}`))).toEqual(['General', 'Compras', 'Ventas', 'Productos', 'Procesos automáticos']);
    expect(PROCESS_KINDS.map((k) => lookup(`processes.kinds.${k}`))).toEqual([
      'Contrato para firmar', 'Enviar un correo', 'Dar días de test online', 'Ampliar días de test online', 'Contenidos formativos', 'Porcentaje de contenidos',
      'Clases prácticas', 'Cliente en modo demostración', 'Cliente matriculado', 'Repeticiones de los test',
    ]);
  });
});
