import { createStore } from '@tanstack/react-store';
import { TOKEN_KEY, readToken } from '@/api/http';

export type SessionState = {
  token: string | null;
  /** Granted by the guard: the user's roles, or admin for a visitor on a whitelisted path. */
  roles: string[];
  visitor: boolean;
  /** Visitors get the default avatar; a signed-in user's own avatar comes with the user info. */
  avatar: string | null;
};

export const DEFAULT_AVATAR = '/avatar/default.svg';

const initialState = (): SessionState => ({ token: readToken(), roles: [], visitor: false, avatar: null });

export const sessionStore = createStore(initialState(), ({ setState }) => ({
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    setState(() => ({ token, roles: [], visitor: false, avatar: null }));
  },
  grant(roles: string[]) {
    setState((state) => ({ ...state, roles, visitor: false }));
  },
  visit() {
    setState((state) => ({ ...state, roles: ['admin'], visitor: true, avatar: DEFAULT_AVATAR }));
  },
  /** Logout or a failed user-info fetch: the token and the roles go. */
  reset() {
    localStorage.removeItem(TOKEN_KEY);
    setState(() => ({ token: null, roles: [], visitor: false, avatar: null }));
  },
  /** Tests start each case from what localStorage holds. */
  reload() {
    setState(initialState);
  },
}));

export type Session = typeof sessionStore;
