import { describe, expect, it } from 'vitest';
import { createSessionStore, randomId, STORAGE_KEYS } from './storage';

describe('randomId', () => {
  it('is letters and digits, upper-case, of the asked length, and random', () => {
    const a = randomId();
    expect(a).toMatch(/^[A-Z0-9]{32}$/);
    expect(randomId(10)).toHaveLength(10);
    expect(randomId()).not.toBe(a);
  });
});

describe('session store', () => {
  it('creates the device id once, upper-cased, and keeps it', () => {
    const store = createSessionStore();
    const device = store.getDevice();
    expect(device).toMatch(/^[A-Z0-9]+$/);
    expect(localStorage.getItem(STORAGE_KEYS.device)).toBe(device);
    expect(createSessionStore().getDevice()).toBe(device);
  });

  it('upper-cases a stored device id', () => {
    localStorage.setItem(STORAGE_KEYS.device, 'abc123');
    expect(createSessionStore().getDevice()).toBe('ABC123');
  });

  it('signIn stores token and role; purge clears them, the lock too, but keeps the device', () => {
    const store = createSessionStore();
    const device = store.getDevice();
    const purged: string[] = [];
    store.onPurge(() => purged.push('yes'));
    expect(store.isAuthenticated()).toBe(false);
    store.signIn('tok', 'super');
    store.setLocked(true);
    expect(store.getToken()).toBe('tok');
    expect(store.getRole()).toBe('super');
    expect(store.isAuthenticated()).toBe(true);
    expect(store.isLocked()).toBe(true);
    store.purge();
    expect(store.getToken()).toBeNull();
    expect(store.getRole()).toBeNull();
    expect(store.isLocked()).toBe(false);
    expect(store.getDevice()).toBe(device);
    expect(purged).toEqual(['yes']);
  });

  it('keeps the web-api key', () => {
    const store = createSessionStore();
    store.setWebApiKey('KEY');
    expect(store.getWebApiKey()).toBe('KEY');
    store.setWebApiKey(null);
    expect(store.getWebApiKey()).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem() { throw new Error('denied'); },
      setItem() { throw new Error('denied'); },
      removeItem() { throw new Error('denied'); },
    } as unknown as Storage;
    const store = createSessionStore(() => broken);
    expect(store.getToken()).toBeNull();
    expect(() => store.signIn('t', 'r')).not.toThrow();
    expect(store.getDevice()).toMatch(/^[A-Z0-9]{32}$/);
  });
});
