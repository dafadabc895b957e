import { describe, expect, it, vi } from 'vitest';
import { defineModule } from '@volante/plugin-ui';
import { createModuleLoader, remoteUrl, type FederationRuntime } from './loader';
import type { ModuleInfo } from './types';

const info: ModuleInfo = {
  plugin_id: 'contacts',
  name: 'Contactos',
  version: '0.1.0',
  remote: 'contacts',
  url: '/plugins/contacts/remoteEntry.js',
  exposes: ['./routes'],
  menu: [],
  routes: ['/contact/list'],
};

const module = defineModule({ id: 'contacts', namespace: 'contacts', resources: { es: {} }, routes: [{ path: '/contact/list', Component: () => null }] });

function runtime(answers: Array<() => Promise<unknown>>): FederationRuntime & { urls: string[] } {
  const urls: string[] = [];
  let current: () => Promise<string> = () => Promise.resolve('');
  return {
    urls,
    setRemote: vi.fn((_name, config) => {
      current = config.url;
    }),
    getRemote: vi.fn(async () => {
      urls.push(await current());
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
    unwrapDefault: (m: unknown) => (m as { default?: unknown })?.default ?? m,
  };
}

describe('module loader', () => {
  it('loads the first exposed module of a remote once per version, with the version in the URL', async () => {
    const rt = runtime([async () => ({ default: module })]);
    const loader = createModuleLoader(rt, { log: () => {} });
    await expect(loader.load(info)).resolves.toBe(module);
    await expect(loader.load(info)).resolves.toBe(module);
    expect(rt.getRemote).toHaveBeenCalledTimes(1);
    expect(rt.getRemote).toHaveBeenCalledWith('contacts', './routes');
    expect(rt.setRemote).toHaveBeenCalledWith('contacts', expect.objectContaining({ format: 'esm', from: 'vite' }));
    expect(rt.urls[0]).toBe('http://localhost:3000/plugins/contacts/remoteEntry.js?v=0.1.0');
  });

  it('accepts a named `module` export too', async () => {
    const rt = runtime([async () => ({ module })]);
    await expect(createModuleLoader(rt, { log: () => {} }).load(info)).resolves.toBe(module);
  });

  it('logs and drops a failed load, and the next attempt fetches again under a new URL', async () => {
    const log = vi.fn();
    const rt = runtime([() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), async () => ({ default: module })]);
    const loader = createModuleLoader(rt, { log });
    await expect(loader.load(info)).rejects.toThrow(/did not load/);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('contacts 0.1.0 skipped'), expect.any(TypeError));
    await expect(loader.load(info)).resolves.toBe(module);
    expect(rt.urls).toEqual([
      'http://localhost:3000/plugins/contacts/remoteEntry.js?v=0.1.0',
      'http://localhost:3000/plugins/contacts/remoteEntry.js?v=0.1.0&attempt=2',
    ]);
  });

  it('refuses a remote without the volanteModule marker', async () => {
    const log = vi.fn();
    const rt = runtime([async () => ({ default: { routes: [] } })]);
    await expect(createModuleLoader(rt, { log }).load(info)).rejects.toThrow(/not a Volante module/);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('builds absolute URLs on the page origin', () => {
    expect(remoteUrl(info, 1, 'https://app.volante.es')).toBe('https://app.volante.es/plugins/contacts/remoteEntry.js?v=0.1.0');
    expect(remoteUrl({ ...info, version: '1.2.0' }, 3, 'https://app.volante.es')).toBe('https://app.volante.es/plugins/contacts/remoteEntry.js?v=1.2.0&attempt=3');
  });
});
