import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isVolanteModule } from '@volante/plugin-ui';
import { componentFiles, scanJsxLiterals } from '@volante/plugin-ui/testing/jsx-literals';
import { catalogueLookup, emptyMessages, missingKeys } from '@volante/plugin-ui/testing/catalogue';
import es from './i18n/es.json';
import { resources } from './i18n';
import clock from './module';

const src = dirname(fileURLToPath(import.meta.url));
const manifestPath = resolve(src, '../../plugin.toml');

const lookup = (key: string) => catalogueLookup(es, key);
const routePattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

describe('the clock remote', () => {
  it('honours the module contract: marker, namespace, Spanish resources, one route with no permission', () => {
    expect(isVolanteModule(clock)).toBe(true);
    expect(clock.id).toBe('clock');
    expect(clock.namespace).toBe('clock');
    expect(resources.en).toEqual({});
    expect(clock.routes.map((r) => r.path)).toEqual(['/clock/report/:show_tab']);
    // any user with the service: the shell only guards routes that name a permission
    expect(clock.routes[0].permission).toBeUndefined();
    // the menu entry the manifest gives (label clock:menu.clock, path /clock/report/hoy)
    expect(lookup('menu.clock')).toBe('Control horario');
    expect(routePattern(clock.routes[0].path).test('/clock/report/hoy')).toBe(true);
  });

  it.runIf(existsSync(manifestPath))("matches plugin.toml's [ui]: remote, routes, menu labels and paths", () => {
    const manifest = readFileSync(manifestPath, 'utf8');
    const ui = manifest.slice(manifest.indexOf('[ui]'));
    expect(ui).toMatch(/remote = "clock"/);
    const routes = ui.slice(ui.indexOf('routes = ['));
    const declared = [...routes.slice(0, routes.indexOf(']')).matchAll(/"(\/[^"]+)"/g)].map((m) => m[1]);
    expect(clock.routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}'))).toEqual(declared);
    const labels = [...manifest.matchAll(/label = "clock:([\w.]+)"/g)].map((m) => m[1]);
    expect(labels).toContain('menu.clock');
    for (const key of labels) expect(typeof lookup(key)).toBe('string');
    const paths = [...manifest.slice(manifest.indexOf('[[ui.menu]]')).matchAll(/path = "([^"]+)"/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(clock.routes.some((r) => routePattern(r.path).test(path))).toBe(true);
  });

  it('no component carries a literal user-facing string', () => {
    expect(componentFiles(src).length).toBeGreaterThan(5);
    expect(scanJsxLiterals(src)).toEqual([]);
  });

  it('the Spanish catalogue has every literal key the components use, none empty', () => {
    expect(missingKeys([...componentFiles(src), resolve(src, 'components/useDuration.ts')], es, src)).toEqual([]);
    expect(emptyMessages(es)).toEqual([]);
  });
});
