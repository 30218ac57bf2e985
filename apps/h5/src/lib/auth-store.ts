import type { LoginReply, UserCenter } from '@app/shared';
import { create } from 'zustand';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from './storage';

/** What the device keeps under the single `auth` key (spec section 3: user and token together). */
export type StoredAuth = { token: string; user: UserCenter; expires_at: string };

export function isStoredAuth(value: unknown): value is StoredAuth {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.expires_at === 'string' &&
    !!v.user &&
    typeof v.user === 'object' &&
    typeof (v.user as Record<string, unknown>).id === 'number'
  );
}

/** An unparseable expiry counts as expired: better to ask for a login than to send a dead token. */
export function isExpired(expiresAt: string, now = Date.now()): boolean {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) || at <= now;
}

/** Reads the stored session, dropping it when malformed or expired. */
export function loadStoredAuth(now = Date.now()): StoredAuth | null {
  const stored = readJson(STORAGE_KEYS.auth);
  if (!isStoredAuth(stored) || isExpired(stored.expires_at, now)) {
    if (stored !== null) removeKey(STORAGE_KEYS.auth);
    return null;
  }
  return stored;
}

type AuthState = {
  session: StoredAuth | null;
  setSession: (reply: LoginReply) => void;
  setUser: (user: UserCenter) => void;
  clear: () => void;
};

export const useAuthStore = create<AuthState>()((set, get) => ({
  session: loadStoredAuth(),
  setSession: (reply) => {
    const session: StoredAuth = { token: reply.token, user: reply.user, expires_at: reply.expires_at };
    writeJson(STORAGE_KEYS.auth, session);
    set({ session });
  },
  setUser: (user) => {
    const current = get().session;
    if (!current) return;
    const session = { ...current, user };
    writeJson(STORAGE_KEYS.auth, session);
    set({ session });
  },
  clear: () => {
    removeKey(STORAGE_KEYS.auth);
    set({ session: null });
  },
}));

export const selectLoggedIn = (s: AuthState) => s.session !== null;
export const selectUser = (s: AuthState) => s.session?.user ?? null;

/** The token to send, or null when there is none or it has expired since the page loaded. */
export function currentToken(now = Date.now()): string | null {
  const session = useAuthStore.getState().session;
  if (!session) return null;
  if (isExpired(session.expires_at, now)) {
    useAuthStore.getState().clear();
    return null;
  }
  return session.token;
}
