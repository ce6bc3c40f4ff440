import { faker } from '@faker-js/faker/locale/zh_CN';

/** The password the mocked server accepts for any username it has not seen registered. */
export const MOCK_PASSWORD = 'Moyan2026!';
export const QR_TTL_MS = 5 * 60 * 1000;

export type MockUser = {
  id: string;
  loginName: string;
  password: string | null;
  phone: string | null;
  avatar: string;
  balanceFen: number;
  freeCheckAvailable: boolean;
  createdAt: string;
};

export type QrSessionState = {
  id: string;
  secret: string;
  status: 'pending' | 'scanned' | 'confirmed';
  token: string | null;
  consumed: boolean;
  expiresAt: number;
};

const state = {
  nextId: 10001,
  users: new Map<string, MockUser>(),
  tokens: new Map<string, string>(),
  qr: new Map<string, QrSessionState>(),
};

export function resetAuthState(): void {
  state.nextId = 10001;
  state.users.clear();
  state.tokens.clear();
  state.qr.clear();
}

export function findUser(loginName: string): MockUser | undefined {
  return state.users.get(loginName);
}

export function createUser(loginName: string, password: string | null, phone: string | null = null): MockUser {
  const user: MockUser = {
    id: String(state.nextId++),
    loginName,
    password,
    phone,
    avatar: '/avatar/default.svg',
    balanceFen: 0,
    freeCheckAvailable: true,
    createdAt: new Date().toISOString(),
  };
  state.users.set(loginName, user);
  return user;
}

export function issueToken(user: MockUser): string {
  const token = `mya_${faker.string.alphanumeric(32)}`;
  state.tokens.set(token, user.loginName);
  return token;
}

export function revokeToken(token: string): void {
  state.tokens.delete(token);
}

/** The user a request's bearer token belongs to. */
export function userOf(request: Request): MockUser | undefined {
  const token = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
  const loginName = token ? state.tokens.get(token) : undefined;
  return loginName ? state.users.get(loginName) : undefined;
}

export function createQrSession(): QrSessionState {
  const session: QrSessionState = {
    id: faker.string.alphanumeric({ length: 26, casing: 'upper' }),
    secret: faker.string.alphanumeric(24),
    status: 'pending',
    token: null,
    consumed: false,
    expiresAt: Date.now() + QR_TTL_MS,
  };
  state.qr.set(session.id, session);
  return session;
}

export function findQrSession(id: string): QrSessionState | undefined {
  return state.qr.get(id);
}
