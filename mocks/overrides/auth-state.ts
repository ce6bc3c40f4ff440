import { faker } from '@faker-js/faker/locale/zh_CN';
import { mockDataEmpty } from './data-mode';
import { seedAccountHistory } from './order-state';

/** The password the mocked server accepts for any username it has not seen registered. */
export const MOCK_PASSWORD = 'Moyan2026!';
const QR_TTL_MS = 5 * 60 * 1000;

export type MockUser = {
  id: string;
  loginName: string;
  /** null: any password the mocked server accepts (MOCK_PASSWORD), unless the account is QR-only */
  password: string | null;
  /** A QR sign-up that has not set a password: no password signs it in. */
  qrOnly: boolean;
  phone: string | null;
  avatar: string;
  balanceFen: number;
  freeCheckAvailable: boolean;
  /** The linked WeChat (account_info_api/wechat_link), or null. */
  wechat: { nickname: string | null; linkedAt: string } | null;
  createdAt: string;
};

export type MockSession = {
  id: string;
  token: string;
  userId: string;
  method: 'password' | 'register' | 'qr';
  device: string | null;
  createdAt: string;
  lastUsedAt: string;
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
  sessions: new Map<string, MockSession>(),
  /** Accounts whose seeded second sign-in (a phone) has been added once. */
  seededPhones: new Set<string>(),
  /** Device keys the mocked server issued, by key: the login name of the phone's account. */
  deviceKeys: new Map<string, string>(),
};

export function resetAuthState(): void {
  state.nextId = 10001;
  state.users.clear();
  state.revoked.clear();
  state.qr.clear();
  state.sessions.clear();
  state.seededPhones.clear();
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
    qrOnly: false,
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
export function issueToken(user: MockUser, method: MockSession['method'] = 'password'): string {
  const claims = btoa(encodeURIComponent(JSON.stringify({ id: user.id, name: user.loginName }))).replace(/=+$/, '');
  const token = `mya_${claims}.${faker.string.alphanumeric(16)}`;
  recordSession(token, user, method);
  return token;
}

// The browser every mocked sign-in comes from: the one the student is using.
const THIS_BROWSER = 'Chrome 138 · Windows';

function recordSession(token: string, user: MockUser, method: MockSession['method']): MockSession {
  const now = new Date().toISOString();
  const session = { id: `s${state.sessions.size + 1}-${faker.string.alphanumeric(8)}`, token, userId: user.id, method, device: THIS_BROWSER, createdAt: now, lastUsedAt: now };
  state.sessions.set(token, session);
  return session;
}

export function revokeToken(token: string): void {
  state.revoked.add(token);
  state.sessions.delete(token);
}

/**
 * The live sign-ins of an account, most recently used first. The caller's own token is among them even
 * after a reload restarted the mocked server (tokens outlive its memory), and a seeded account has signed
 * in once more elsewhere, on a phone.
 */
export function sessionsOf(user: MockUser, currentToken: string): MockSession[] {
  if (!state.sessions.has(currentToken)) recordSession(currentToken, user, 'password');
  state.sessions.get(currentToken)!.lastUsedAt = new Date().toISOString();
  const own = [...state.sessions.values()].filter((session) => session.userId === user.id);
  if (!mockDataEmpty() && !state.seededPhones.has(user.id)) {
    state.seededPhones.add(user.id);
    const phone = recordSession(`mya_seeded-phone-${user.id}`, user, 'qr');
    phone.device = 'WeChat 8 · Android';
    phone.createdAt = phone.lastUsedAt = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    own.push(phone);
  }
  return own.sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
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
  const user = (known && findUser(known)) || Object.assign(createUser(`qr_${faker.string.hexadecimal({ length: 10, casing: 'lower', prefix: '' })}`, null), { qrOnly: true });
  return keyPhoneTo(user);
}

/** A new key for the account's one phone; whatever key it had before is spent. */
export function keyPhoneTo(user: MockUser): { user: MockUser; deviceKey: string } {
  for (const [key, loginName] of state.deviceKeys) if (loginName === user.loginName) state.deviceKeys.delete(key);
  const deviceKey = `dk_${faker.string.alphanumeric(43)}`;
  state.deviceKeys.set(deviceKey, user.loginName);
  return { user, deviceKey };
}

/** The account has a phone's device key (a QR sign-up's way in, as the server's users.deviceKeyHash). */
export function hasPhoneKey(user: MockUser): boolean {
  return [...state.deviceKeys.values()].includes(user.loginName);
}

export function isKnownPhone(deviceKey: string | undefined): boolean {
  return deviceKey !== undefined && state.deviceKeys.has(deviceKey);
}

/**
 * Whether a password signs in to an account as the mocked server decides it: a registered password, or
 * MOCK_PASSWORD for a name it has not seen (which it then creates); never a QR-only account.
 */
export function passwordMatches(known: MockUser | undefined, password: string): boolean {
  if (known?.qrOnly) return false;
  return known?.password ? known.password === password : password === MOCK_PASSWORD;
}
