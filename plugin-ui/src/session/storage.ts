/**
 * What the browser keeps between visits (spec general §3): the session token, the device id,
 * the role, the storefront web-api key, and whether the screen is locked.
 */
export const STORAGE_KEYS = {
  token: 'volante.token',
  device: 'volante.device',
  role: 'volante.role',
  webApiKey: 'volante.webApiKey',
  locked: 'volante.locked',
} as const;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random identifier of letters and digits, upper-cased (the device id's shape). */
export function randomId(length = 32): string {
  const out: string[] = [];
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % ID_ALPHABET.length);
  while (out.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out.push(ID_ALPHABET[byte % ID_ALPHABET.length]);
    }
  }
  return out.join('');
}

export interface SessionStore {
  getToken(): string | null;
  getRole(): string | null;
  /** The device id; created (random, upper-cased) and saved the first time it is asked for. */
  getDevice(): string;
  getWebApiKey(): string | null;
  setWebApiKey(key: string | null): void;
  isAuthenticated(): boolean;
  isLocked(): boolean;
  setLocked(locked: boolean): void;
  /** Login success: store the token and role (and leave any lock behind). */
  signIn(token: string, role: string | null | undefined): void;
  /** Logout, failed verification, forced logout: token, role and lock go; the device id stays. */
  purge(): void;
  /** Listen to purges (for example to re-render a session context); returns the unsubscribe. */
  onPurge(listener: () => void): () => void;
}

function browserStorage(): Storage {
  return globalThis.localStorage;
}

export function createSessionStore(storage: () => Storage = browserStorage): SessionStore {
  const listeners = new Set<() => void>();
  const read = (key: string) => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage().removeItem(key);
      else storage().setItem(key, value);
    } catch {
      // Storage can be unavailable (private mode, quota); the session then lasts one page.
    }
  };
  return {
    getToken: () => read(STORAGE_KEYS.token) || null,
    getRole: () => read(STORAGE_KEYS.role) || null,
    getDevice() {
      let device = read(STORAGE_KEYS.device);
      if (!device) {
        device = randomId();
        write(STORAGE_KEYS.device, device);
      }
      return device.toUpperCase();
    },
    getWebApiKey: () => read(STORAGE_KEYS.webApiKey) || null,
    setWebApiKey: (key) => write(STORAGE_KEYS.webApiKey, key),
    isAuthenticated: () => Boolean(read(STORAGE_KEYS.token)),
    isLocked: () => read(STORAGE_KEYS.locked) === '1',
    setLocked: (locked) => write(STORAGE_KEYS.locked, locked ? '1' : null),
    signIn(token, role) {
      write(STORAGE_KEYS.token, token);
      write(STORAGE_KEYS.role, role ?? null);
      write(STORAGE_KEYS.locked, null);
    },
    purge() {
      write(STORAGE_KEYS.token, null);
      write(STORAGE_KEYS.role, null);
      write(STORAGE_KEYS.locked, null);
      for (const listener of [...listeners]) listener();
    },
    onPurge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store over the page's localStorage, shared by the shell and every plugin. */
export const sessionStore: SessionStore = createSessionStore();
