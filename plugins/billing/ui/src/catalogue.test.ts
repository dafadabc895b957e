import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import billing from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifest = readFileSync(resolve(src, '../../plugin.toml'), 'utf8');

const lookup = (key: string) => catalogueLookup(es, key);

describe('the billing remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, the routes of plugin.toml [ui]', () => {
    expect(isVolanteModule(billing)).toBe(true);
    expect(billing.namespace).toBe('billing');
    expect(resources.en).toEqual({});
    // plugin.toml [ui] routes are the module's, written with {param} instead of :param
    const routes = manifest.slice(manifest.indexOf('routes = [', manifest.indexOf('[ui]')));
    const declared = [...routes.slice(0, routes.indexOf(']\n')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(billing.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(declared);
    // series need the `billing` permission; the rest `invoicing` (the manifest's permissions)
    for (const r of billing.routes) expect(r.permission).toBe(r.path.startsWith('/sales/billing/') ? 'billing' : 'invoicing');
  });

  it('every menu entry of plugin.toml has its Spanish label and a route of the module', () => {
    const labels = [...manifest.matchAll(/label = "billing:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['menu.invoices', 'menu.budgets', 'menu.cashflow', 'menu.series', 'menu.taxes']);
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const paths = [...manifest.slice(manifest.indexOf('[[ui.menu]]')).matchAll(/path = "([^"]+)"/g)].map((m) => m[1]);
    const patterns = billing.routes.map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
    for (const path of paths) expect(patterns.some((p) => p.test(path))).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(10);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys([...componentFiles(src), resolve(src, 'components/draft.ts')], es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });
});
