import { faker } from '@faker-js/faker/locale/zh_CN';
import { mockDataEmpty } from './data-mode';
import { seedAccountHistory } from './order-state';

/** The password the mocked server accepts for any username it has not seen registered. */
export const MOCK_PASSWORD = 'Moyan2026!';
const QR_TTL_MS = 5 * 60 * 1000;

export type MockUser = {
  id: string;
  loginName: string;
  password: string | null;
  phone: string | null;
  avatar: string;
  balanceFen: number;
  freeCheckAvailable: boolean;
  /** The linked WeChat (account_info_api/wechat_link), or null. */
  wechat: { nickname: string | null; linkedAt: string } | null;
  createdAt: string;
};

export type QrSessionState = {
  id: string;
  /** What the QR code carries; the desktop polls with the id, which the code never shows. */
  scanToken: string;
  status: 'pending' | 'scanned' | 'confirmed';
  token: string | null;
  consumed: boolean;
  expiresAt: number;
};

const state = {
  nextId: 10001,
  users: new Map<string, MockUser>(),
  revoked: new Set<string>(),
  qr: new Map<string, QrSessionState>(),
  /** Device keys the mocked server issued, by key: the login name of the phone's account. */
  deviceKeys: new Map<string, string>(),
};

export function resetAuthState(): void {
  state.nextId = 10001;
  state.users.clear();
  state.revoked.clear();
  state.qr.clear();
  state.deviceKeys.clear();
}

/** The account a login name refers to: its username first, then a registered phone, as the server looks it up. */
export function findUser(loginName: string): MockUser | undefined {
  return state.users.get(loginName) ?? [...state.users.values()].find((user) => user.phone === loginName);
}

export function createUser(loginName: string, password: string | null, phone: string | null = null, id?: string): MockUser {
  const user: MockUser = {
    id: id ?? String(state.nextId),
    loginName,
    password,
    phone,
    avatar: '/avatar/default.svg',
    balanceFen: 0,
    freeCheckAvailable: true,
    wechat: null,
    createdAt: new Date().toISOString(),
  };
  state.nextId = Math.max(state.nextId, Number(user.id) + 1);
  state.users.set(loginName, user);
  if (!mockDataEmpty()) seedAccountHistory(user);
  return user;
}

/**
 * Tokens carry the user's id and name, so a page reload (which restarts the mocked server with empty
 * state) keeps the student signed in, as a real server would.
 */
export function issueToken(user: MockUser): string {
  const claims = btoa(encodeURIComponent(JSON.stringify({ id: user.id, name: user.loginName }))).replace(/=+$/, '');
  return `mya_${claims}.${faker.string.alphanumeric(16)}`;
}

export function revokeToken(token: string): void {
  state.revoked.add(token);
}

function claimsOf(token: string): { id: string; name: string } | undefined {
  const match = /^mya_([A-Za-z0-9+/]+)\.[A-Za-z0-9]+$/.exec(token);
  if (!match) return undefined;
  try {
    const claims = JSON.parse(decodeURIComponent(atob(match[1]))) as { id?: unknown; name?: unknown };
    return typeof claims.id === 'string' && typeof claims.name === 'string' ? { id: claims.id, name: claims.name } : undefined;
  } catch {
    return undefined;
  }
}

/** The user a request's bearer token belongs to. */
export function userOf(request: Request): MockUser | undefined {
  const token = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
  if (!token || state.revoked.has(token)) return undefined;
  const claims = claimsOf(token);
  if (!claims) return undefined;
  const user = state.users.get(claims.name);
  if (user) return user.id === claims.id ? user : undefined;
  return createUser(claims.name, null, null, claims.id);
}

export function createQrSession(): QrSessionState {
  const session: QrSessionState = {
    id: faker.string.alphanumeric({ length: 26, casing: 'upper' }),
    scanToken: faker.string.alphanumeric(43),
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

export function findQrSessionByScanToken(scanToken: string): QrSessionState | undefined {
  return [...state.qr.values()].find((session) => session.scanToken === scanToken);
}

/**
 * The phone's account, as the server decides it: the one its issued key belongs to, else a new one; the
 * key is spent and a new one issued either way.
 */
export function signInPhone(presentedKey: string | undefined): { user: MockUser; deviceKey: string } {
  const known = presentedKey ? state.deviceKeys.get(presentedKey) : undefined;
  if (presentedKey) state.deviceKeys.delete(presentedKey);
  const user = (known && findUser(known)) || createUser(`qr_${faker.string.hexadecimal({ length: 10, casing: 'lower', prefix: '' })}`, null);
  const deviceKey = `dk_${faker.string.alphanumeric(43)}`;
  state.deviceKeys.set(deviceKey, user.loginName);
  return { user, deviceKey };
}
