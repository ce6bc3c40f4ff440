import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { newId } from '../../db/ids';
import { isUniqueViolation } from '../../db/errors';
import { type QrSession, qrSessions } from '../../db/schema/qr';
import { type User, users } from '../../db/schema/users';
import type { ClientIdentity } from '../../http/client-identity';
import { freeCheckWithheld, grantFreeCheck, type SignupOrigin } from '../accounts/free-check-allowance';
import { registrationClosed } from '../accounts/registration';
import { qrExpired, qrNotFound, qrUsed } from './errors';
import type { QrLoginProvider } from './provider';

// A session the phone confirmed just before it expired can still be picked up by the desktop's next poll.
const CLAIM_GRACE_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface MobileState {
  status: 'pending' | 'scanned' | 'confirmed';
  expiresAt: string;
  loginName: string | null;
}

export interface MobileRequest {
  id: string;
  secret: string;
  deviceKey: string;
}

/**
 * QR login without a third party: the QR code is a link to /m/qr/<id>?s=<secret> on this server. The
 * phone's browser keeps a random device key; the first confirmation from a phone creates its account
 * (a QR sign-up, whose first check is free within the daily limits per device and address; refused
 * while REGISTRATION=closed), later ones sign in to the same account.
 */
export const localQrProvider: QrLoginProvider & {
  scan(deps: Deps, request: MobileRequest): Promise<MobileState>;
  confirm(deps: Deps, request: MobileRequest, phone: ClientIdentity): Promise<MobileState>;
} = {
  async create(deps, requester) {
    const id = newId();
    const secret = randomBytes(24).toString('base64url');
    const expiresAt = new Date(deps.now().getTime() + deps.config.QR_TTL_SECONDS * 1000);
    await deps.db.orm.insert(qrSessions).values({
      id,
      secretHash: sha256(secret),
      expiresAt,
      requesterAddressHash: requester.addressHash,
      requesterDeviceHash: requester.deviceHash,
    });
    const qrCode = `${requester.baseUrl}/m/qr/${encodeURIComponent(id)}?s=${secret}`;
    return { id, qrCode, expiresAt: expiresAt.toISOString() };
  },

  claim(deps, id) {
    return deps.db.transaction(async (tx) => {
      const [session] = await tx.orm.select().from(qrSessions).where(eq(qrSessions.id, id)).for('update');
      if (!session) throw qrNotFound();
      if (session.status === 'consumed') throw qrUsed();
      const now = deps.now();
      const confirmed = session.status === 'confirmed';
      const deadline = session.expiresAt.getTime() + (confirmed ? CLAIM_GRACE_MS : 0);
      if (now.getTime() > deadline) throw qrExpired();
      if (!confirmed) return null;
      await tx.orm.update(qrSessions).set({ status: 'consumed', consumedAt: now }).where(eq(qrSessions.id, id));
      return session.userId;
    });
  },

  scan(deps, request) {
    return deps.db.transaction(async (tx) => {
      const session = await openForPhone(withDb(deps, tx), request);
      if (session.status === 'pending') {
        await tx.orm
          .update(qrSessions)
          .set({ status: 'scanned', scannedAt: deps.now() })
          .where(eq(qrSessions.id, session.id));
        return mobileState({ ...session, status: 'scanned' }, null);
      }
      return mobileState(session, await loginNameOf(withDb(deps, tx), session.userId));
    });
  },

  confirm(deps, request, phone) {
    return deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      const session = await openForPhone(txDeps, request);
      const user = await deviceAccount(txDeps, request.deviceKey, signupOrigin(session, phone));
      if (session.status === 'confirmed') {
        if (session.userId !== user.id) throw qrUsed();
        return mobileState(session, user.username);
      }
      await tx.orm
        .update(qrSessions)
        .set({ status: 'confirmed', userId: user.id, confirmedAt: deps.now(), scannedAt: session.scannedAt ?? deps.now() })
        .where(eq(qrSessions.id, session.id));
      return mobileState({ ...session, status: 'confirmed' }, user.username);
    });
  },
};

function signupOrigin(session: QrSession, phone: ClientIdentity): SignupOrigin {
  const known = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];
  return {
    deviceHashes: known([session.requesterDeviceHash, phone.deviceHash]),
    addressHashes: known([session.requesterAddressHash, phone.addressHash]),
  };
}

// The phone must present the secret from the QR code; a wrong secret looks exactly like an unknown id.
async function openForPhone(deps: Deps, request: MobileRequest): Promise<QrSession> {
  const [session] = await deps.db.orm.select().from(qrSessions).where(eq(qrSessions.id, request.id)).for('update');
  if (!session || !sameHash(session.secretHash, sha256(request.secret))) throw qrNotFound();
  if (session.status === 'consumed') throw qrUsed();
  if (deps.now() > session.expiresAt) throw qrExpired();
  return session;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function mobileState(session: Pick<QrSession, 'status' | 'expiresAt'>, loginName: string | null): MobileState {
  const status = session.status === 'consumed' ? 'confirmed' : session.status;
  return { status, expiresAt: session.expiresAt.toISOString(), loginName: status === 'confirmed' ? loginName : null };
}

async function loginNameOf(deps: Deps, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await deps.db.orm.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user?.username ?? null;
}

/** The account bound to this phone, created on its first confirmation. */
async function deviceAccount(deps: Deps, deviceKey: string, origin: SignupOrigin): Promise<User> {
  const deviceKeyHash = sha256(`device:${deviceKey}`);
  const [existing] = await deps.db.orm.select().from(users).where(eq(users.deviceKeyHash, deviceKeyHash));
  if (existing) return existing;
  if (deps.config.REGISTRATION === 'closed') throw registrationClosed();
  const withheld = await freeCheckWithheld(deps, origin);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = `qr_${randomBytes(5).toString('hex')}`;
    try {
      const [created] = await deps.db.transaction(async (inner) => {
        const [user] = await inner.orm
          .insert(users)
          .values({ username, deviceKeyHash, qrSignup: true, freeCheckWithheld: withheld })
          .returning();
        if (!withheld) await grantFreeCheck(withDb(deps, inner), user.id, origin);
        return [user];
      });
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [raced] = await deps.db.orm.select().from(users).where(eq(users.deviceKeyHash, deviceKeyHash));
      if (raced) return raced;
    }
  }
  throw new Error('Could not allocate a username for a QR sign-up');
}
