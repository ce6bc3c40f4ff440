import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import type { QrSession } from '../../db/schema/qr';
import { users } from '../../db/schema/users';
import type { ClientIdentity } from '../../http/client-identity';
import { signInPhone } from './phone-accounts';
import type { QrLoginProvider } from './provider';
import { claimSession, markConfirmed, markScanned, openSession, sessionForScan, signupOrigin } from './sessions';

export interface MobileState {
  status: 'pending' | 'scanned' | 'confirmed';
  expiresAt: string;
  loginName: string | null;
  /** The phone's next device key, issued on confirmation; null otherwise. */
  deviceKey: string | null;
}

export interface ScanRequest {
  scanToken: string;
}

export interface ConfirmRequest extends ScanRequest {
  /** The key this server issued to the phone at its last confirmation; absent on a phone's first. */
  deviceKey?: string;
}

/**
 * QR login without a third party: the QR code is a link to /m/qr/<scan token> on this server. The
 * phone's first confirmation creates its account (a QR sign-up, whose first check is free within the
 * daily limits per device and address; refused while REGISTRATION=closed) and issues it a device key;
 * later confirmations with that key sign in to the same account.
 */
export const localQrProvider: QrLoginProvider & {
  scan(deps: Deps, request: ScanRequest): Promise<MobileState>;
  confirm(deps: Deps, request: ConfirmRequest, phone: ClientIdentity): Promise<MobileState>;
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
      return mobileState(session, await loginNameOf(txDeps, session.userId), null);
    });
  },

  confirm(deps, request, phone) {
    return deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      const session = await sessionForScan(txDeps, request.scanToken);
      const { user, deviceKey } = await signInPhone(txDeps, request.deviceKey, signupOrigin(session, phone));
      const confirmed = await markConfirmed(txDeps, session, user.id);
      return mobileState(confirmed, user.username, deviceKey);
    });
  },
};

function mobileState(session: Pick<QrSession, 'status' | 'expiresAt'>, loginName: string | null, deviceKey: string | null): MobileState {
  const status = session.status === 'consumed' ? 'confirmed' : session.status;
  return { status, expiresAt: session.expiresAt.toISOString(), loginName: status === 'confirmed' ? loginName : null, deviceKey };
}

async function loginNameOf(deps: Deps, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await deps.db.orm.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user?.username ?? null;
}
