import type { AccessDetail } from '../../../contract/endpoints/account';
import { STORAGE_KEYS } from '../../config';

/** The few Storage methods we use, so tests and non-browser runs can pass a memory stand-in. */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValue {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** Browser storage when it exists and works (private modes may throw), memory otherwise. */
function pick(name: 'localStorage' | 'sessionStorage'): KeyValue {
  try {
    const store = (globalThis as Record<string, unknown>)[name] as Storage | undefined;
    if (store) {
      store.getItem('__probe__');
      return store;
    }
  } catch {
    // fall through to memory
  }
  return memoryStorage();
}

export interface SessionStore {
  instanceId(): string;
  setInstanceId(id: string | null | undefined): void;
  roleCodes(): string[] | null;
  /** Remembering a sign-in's role codes also forgets the access answer of whoever was signed in before. */
  setRoleCodes(codes: string[]): void;
  access(): AccessDetail | null;
  setAccess(access: AccessDetail): void;
  /** Forgets the role codes and the access answer, which belong to whoever signed in before. */
  forgetRoles(): void;
  checkInfo<T>(): T | null;
  setCheckInfo(info: unknown): void;
  /** Forgets everything a signed-in session left in the browser (the cookie is the server's job). */
  clear(): void;
}

/** Per-browser session state: instance id and role codes survive reloads; checkInfo lives with the tab. */
export function createSessionStore(local: KeyValue = pick('localStorage'), session: KeyValue = pick('sessionStorage')): SessionStore {
  const readJson = <T>(store: KeyValue, key: string): T | null => {
    const raw = store.getItem(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };
  return {
    instanceId: () => local.getItem(STORAGE_KEYS.instanceId) ?? '',
    setInstanceId(id) {
      if (id) local.setItem(STORAGE_KEYS.instanceId, id);
      else local.removeItem(STORAGE_KEYS.instanceId);
    },
    roleCodes: () => readJson<string[]>(local, STORAGE_KEYS.roleCode),
    setRoleCodes(codes) {
      local.setItem(STORAGE_KEYS.roleCode, JSON.stringify(codes));
      local.removeItem(STORAGE_KEYS.access);
    },
    access: () => readJson<AccessDetail>(local, STORAGE_KEYS.access),
    setAccess: (access) => local.setItem(STORAGE_KEYS.access, JSON.stringify(access)),
    forgetRoles() {
      local.removeItem(STORAGE_KEYS.roleCode);
      local.removeItem(STORAGE_KEYS.access);
    },
    checkInfo: <T,>() => readJson<T>(session, STORAGE_KEYS.checkInfo),
    setCheckInfo: (info) => session.setItem(STORAGE_KEYS.checkInfo, JSON.stringify(info)),
    clear() {
      local.removeItem(STORAGE_KEYS.instanceId);
      local.removeItem(STORAGE_KEYS.roleCode);
      local.removeItem(STORAGE_KEYS.access);
      session.removeItem(STORAGE_KEYS.checkInfo);
    },
  };
}

export const sessionStore = createSessionStore();

export const preferences: KeyValue = pick('localStorage');
