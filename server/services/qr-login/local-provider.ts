import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import type { QrSession } from '../../db/schema/qr';
import { users } from '../../db/schema/users';
import type { ClientIdentity } from '../client-identity';
import { accountOfCredentials } from '../accounts/login';
import { isKnownPhone, keyPhoneTo, signInPhone } from './phone-accounts';
import type { QrLoginProvider } from './provider';
import { claimSession, markConfirmed, markScanned, openSession, sessionForScan, signupOrigin } from './sessions';

export interface MobileState {
  status: 'pending' | 'scanned' | 'confirmed';
  expiresAt: string;
  loginName: string | null;
  /** The phone's next device key, issued on confirmation; null otherwise. */
  deviceKey: string | null;
  /** Whether the key the phone brought belongs to an account; a phone this server does not know chooses first. */
  knownPhone: boolean;
}

export interface ScanRequest {
  scanToken: string;
  /** The key this server issued to the phone at its last confirmation; absent on a phone's first. */
  deviceKey?: string;
}

export type ConfirmRequest = ScanRequest;

/** An existing account's login name (or phone) and password, typed on the phone instead of making a new account. */
export interface ConfirmAccountRequest {
  scanToken: string;
  username: string;
  password: string;
}

/**
 * QR login without a third party: the QR code is a link to /m/qr/<scan token> on this server. The
 * phone's first confirmation creates its account (a QR sign-up, whose first check is free within the
 * daily limits per device and address; refused while REGISTRATION=closed) and issues it a device key;
 * later confirmations with that key sign in to the same account. A phone the server does not know is
 * offered the choice first (the page asks): sign in to an existing account with its password
 * (confirmAccount, which keys the phone to that account) or make a new one (confirm).
 */
export const localQrProvider: QrLoginProvider & {
  scan(deps: Deps, request: ScanRequest): Promise<MobileState>;
  confirm(deps: Deps, request: ConfirmRequest, phone: ClientIdentity): Promise<MobileState>;
  confirmAccount(deps: Deps, request: ConfirmAccountRequest, phone: ClientIdentity): Promise<MobileState>;
} = {
  async create(deps, requester) {
    const session = await openSession(deps, requester);
    return {
      id: session.id,
      qrCode: `${requester.baseUrl}/m/qr/${session.scanToken}`,
      expiresAt: session.expiresAt.toISOString(),
      provider: 'local',
    };
  },

  claim: claimSession,

  scan(deps, request) {
    return deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      const session = await markScanned(txDeps, await sessionForScan(txDeps, request.scanToken));
      return mobileState(session, await loginNameOf(txDeps, session.userId), null, await isKnownPhone(txDeps, request.deviceKey));
    });
  },

  confirm(deps, request, phone) {
    return deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      const session = await sessionForScan(txDeps, request.scanToken);
      const { user, deviceKey } = await signInPhone(txDeps, request.deviceKey, signupOrigin(session, phone));
      const confirmed = await markConfirmed(txDeps, session, user.id);
      return mobileState(confirmed, user.username, deviceKey, true);
    });
  },

  async confirmAccount(deps, request, phone) {
    // A code that is gone answers before any password is tried; the password's wrong guesses back off as
    // the login form's do, outside the transaction so that they count.
    await sessionForScan(deps, request.scanToken);
    const account = await accountOfCredentials(deps, request.username, request.password, phone.addressHash);
    return deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      const session = await sessionForScan(txDeps, request.scanToken);
      const { user, deviceKey } = await keyPhoneTo(txDeps, account.id);
      const confirmed = await markConfirmed(txDeps, session, user.id);
      return mobileState(confirmed, user.username, deviceKey, true);
    });
  },
};

function mobileState(
  session: Pick<QrSession, 'status' | 'expiresAt'>,
  loginName: string | null,
  deviceKey: string | null,
  knownPhone: boolean,
): MobileState {
  const status = session.status === 'consumed' ? 'confirmed' : session.status;
  return { status, expiresAt: session.expiresAt.toISOString(), loginName: status === 'confirmed' ? loginName : null, deviceKey, knownPhone };
}

async function loginNameOf(deps: Deps, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await deps.db.orm.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user?.username ?? null;
}
