import { create } from 'zustand';

/** The signed-in operator, as the login reply describes them. */
export type AdminIdentity = { id: number; email: string; role: string; totp_enabled?: boolean };

/** `enrol`: an enrolment-only session (super/finance without two-factor sign-in yet): only /security works. */
export type AdminAuth = { token: string; expires_at: string | null; admin: AdminIdentity | null; enrol?: boolean };

/** localStorage key of the console session; the H5 app uses its own key, so both can be open at once. */
export const AUTH_STORAGE_KEY = 'admin_auth';

function isExpired(expiresAt: string | null): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= Date.now();
}

/**
 * Reads the stored session. The value is JSON `{token, expires_at, admin}`; a bare token string is
 * accepted too, so a test or an operator can paste a token without knowing the format.
 */
export function readStoredAuth(): AdminAuth | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy mode); the console then simply starts signed out.
    return null;
  }
  if (!raw) return null;
  let auth: AdminAuth | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as AdminAuth).token === 'string') {
      const p = parsed as Partial<AdminAuth>;
      auth = { token: p.token ?? '', expires_at: p.expires_at ?? null, admin: p.admin ?? null, enrol: p.enrol === true };
    }
  } catch {
    auth = { token: raw, expires_at: null, admin: null };
  }
  if (!auth?.token || isExpired(auth.expires_at)) return null;
  return auth;
}

function writeStoredAuth(auth: AdminAuth | null) {
  try {
    if (auth) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
    else localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Not persisting is acceptable: the session still lives in memory until the tab closes.
  }
}

type AuthState = {
  auth: AdminAuth | null;
  signIn: (auth: AdminAuth) => void;
  signOut: () => void;
};

/**
 * The session is the only client state of the console. The guard subscribes to it, so clearing it
 * (sign-out, or any reply of type "999") sends the operator to the sign-in page without the API
 * client having to know about the router.
 */
export const useAuthStore = create<AuthState>()((set) => ({
  auth: readStoredAuth(),
  signIn: (auth) => {
    writeStoredAuth(auth);
    set({ auth });
  },
  signOut: () => {
    writeStoredAuth(null);
    set({ auth: null });
  },
}));

/** The current token for non-React code; re-checks expiry so a stale tab does not send a dead token. */
export function currentToken(): string | null {
  const { auth, signOut } = useAuthStore.getState();
  if (!auth) return null;
  if (isExpired(auth.expires_at)) {
    signOut();
    return null;
  }
  return auth.token;
}

// Another tab signing in or out changes the same key; follow it so tabs never disagree on who is signed in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    useAuthStore.setState({ auth: readStoredAuth() });
  });
}
