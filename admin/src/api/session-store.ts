import { signal, type Signal } from '@preact/signals';
import type { AdminUser } from './admin-types';

const TOKEN_KEY = 'tessera.admin.accessToken';
const DEVICE_KEY = 'tessera.admin.deviceId';

/**
 * The signed-in admin: the access token and the user. The token lives in memory and in this
 * tab's sessionStorage (a reload keeps the session; closing the tab ends it). It never goes to
 * localStorage: what outlives the tab ("remember me") is the server's HttpOnly refresh cookie,
 * which scripts cannot read, and POST /admin/access-token turns it into a new token.
 */
export interface SessionStore {
  readonly token: Signal<string | null>;
  readonly user: Signal<AdminUser | null>;
  /** This browser's id, sent with login and logout so that logout ends this device's session only. */
  readonly deviceId: string;
  setToken(token: string): void;
  clear(): void;
}

export function createSessionStore(storage: { session: Storage; local: Storage }): SessionStore {
  const token = signal<string | null>(read(storage.session, TOKEN_KEY));
  const user = signal<AdminUser | null>(null);
  let deviceId = read(storage.local, DEVICE_KEY);
  if (deviceId === null) {
    deviceId = randomUuid();
    write(storage.local, DEVICE_KEY, deviceId);
  }
  return {
    token,
    user,
    deviceId,
    setToken(value) {
      token.value = value;
      write(storage.session, TOKEN_KEY, value);
    },
    clear() {
      token.value = null;
      user.value = null;
      try {
        storage.session.removeItem(TOKEN_KEY);
      } catch {
        // Storage refused (private mode): the token was in memory only.
      }
    },
  };
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): memory is enough for this page's life.
  }
}

/**
 * A version 4 UUID (Strapi checks `deviceId` is one). crypto.randomUUID exists only in secure
 * contexts, and an admin panel may be served over plain HTTP on a private network.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
