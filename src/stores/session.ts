import { createStore } from '@tanstack/react-store';
import { TOKEN_KEY, readToken } from '@/api/http';

export type SessionState = {
  token: string | null;
  /** Granted by the guard: the user's roles, or admin for a visitor (no token) on a whitelisted path. */
  roles: string[];
};

/** Shown for a user without an avatar of their own. */
export const DEFAULT_AVATAR = '/avatar/default.svg';

const initialState = (): SessionState => ({ token: readToken(), roles: [] });

export const sessionStore = createStore(initialState(), ({ setState }) => ({
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    setState(() => ({ token, roles: [] }));
  },
  grant(roles: string[]) {
    setState((state) => ({ ...state, roles }));
  },
  visit() {
    setState((state) => ({ ...state, roles: ['admin'] }));
  },
  /** Logout or a failed user-info fetch: the token and the roles go. */
  reset() {
    localStorage.removeItem(TOKEN_KEY);
    setState(() => ({ token: null, roles: [] }));
  },
  /** Tests start each case from what localStorage holds. */
  reload() {
    setState(initialState);
  },
}));

export type Session = typeof sessionStore;
