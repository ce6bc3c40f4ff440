import { createStore } from '@tanstack/react-store';
import { TOKEN_KEY, readToken } from '@/api/http';

export type SessionState = {
  token: string | null;
  /** Granted by the guard: the user's roles, or admin for a visitor on a whitelisted path. */
  roles: string[];
  visitor: boolean;
};

const initialState = (): SessionState => ({ token: readToken(), roles: [], visitor: false });

export const sessionStore = createStore(initialState(), ({ setState }) => ({
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    setState(() => ({ token, roles: [], visitor: false }));
  },
  grant(roles: string[]) {
    setState((state) => ({ ...state, roles, visitor: false }));
  },
  visit() {
    setState((state) => ({ ...state, roles: ['admin'], visitor: true }));
  },
  /** Logout or a failed user-info fetch: the token and the roles go. */
  reset() {
    localStorage.removeItem(TOKEN_KEY);
    setState(() => ({ token: null, roles: [], visitor: false }));
  },
  /** Tests start each case from what localStorage holds. */
  reload() {
    setState(initialState);
  },
}));

export type Session = typeof sessionStore;
