import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { newId } from '../../db/ids';
import { type QrSession, qrSessions } from '../../db/schema/qr';
import type { ClientIdentity } from '../client-identity';
import type { SignupOrigin } from '../accounts/free-check-allowance';
import { qrExpired, qrNotFound, qrUsed } from './errors';
import type { QrPoller, QrRequester } from './provider';

// A session the phone confirmed just before it expired can still be picked up by the desktop's next poll.
const CLAIM_GRACE_MS = 60_000;

export const scanTokenHash = (scanToken: string) => createHash('sha256').update(`qr-scan:${scanToken}`).digest('hex');

export interface OpenedSession {
  /** What the desktop polls with; never shown in the QR code. */
  id: string;
  /** What the QR code carries to the phone; stored only as a hash. */
  scanToken: string;
  expiresAt: Date;
}

/**
 * The sessions every QR provider keeps: the desktop holds the id and its device cookie, the QR code
 * holds a separate scan token, so a photo of the code lets a phone confirm but never lets its holder
 * collect the token.
 */
export async function openSession(deps: Deps, requester: QrRequester, linkUserId?: string): Promise<OpenedSession> {
  const id = newId();
  const scanToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + deps.config.QR_TTL_SECONDS * 1000);
  await deps.db.orm.insert(qrSessions).values({
    id,
    scanTokenHash: scanTokenHash(scanToken),
    expiresAt,
    requesterAddressHash: requester.addressHash,
    requesterDeviceHash: requester.deviceHash,
    linkUserId,
  });
  return { id, scanToken, expiresAt };
}

/**
 * The desktop's poll, run in the poll's transaction (pollQrLogin), which holds the row lock until the
 * token is issued. A poll from any browser other than the one that asked for the code is answered as
 * for an unknown id and changes nothing.
 */
export async function claimSession(deps: Deps, id: string, poller: QrPoller): Promise<string | null> {
  const [session] = await deps.db.orm.select().from(qrSessions).where(eq(qrSessions.id, id)).for('update');
  // A code to link WeChat to an account signs nobody in.
  if (!session || session.linkUserId || !poller.deviceHash || session.requesterDeviceHash !== poller.deviceHash) throw qrNotFound();
  if (session.status === 'consumed') throw qrUsed();
  const now = deps.now();
  const confirmed = session.status === 'confirmed';
  const deadline = session.expiresAt.getTime() + (confirmed ? CLAIM_GRACE_MS : 0);
  if (now.getTime() > deadline) throw qrExpired();
  if (!confirmed) return null;
  await deps.db.orm.update(qrSessions).set({ status: 'consumed', consumedAt: now }).where(eq(qrSessions.id, id));
  return session.userId;
}

/** The live session a scan token opens, locked for the caller's transaction; an unknown token is 404. */
export async function sessionForScan(deps: Deps, scanToken: string): Promise<QrSession> {
  const [session] = await deps.db.orm
    .select()
    .from(qrSessions)
    .where(eq(qrSessions.scanTokenHash, scanTokenHash(scanToken)))
    .for('update');
  if (!session) throw qrNotFound();
  if (session.status === 'consumed') throw qrUsed();
  if (deps.now() > session.expiresAt) throw qrExpired();
  return session;
}

export async function markScanned(deps: Deps, session: QrSession): Promise<QrSession> {
  if (session.status !== 'pending') return session;
  const scannedAt = deps.now();
  await deps.db.orm.update(qrSessions).set({ status: 'scanned', scannedAt }).where(eq(qrSessions.id, session.id));
  return { ...session, status: 'scanned', scannedAt };
}

/** Binds the session to the account that confirmed it; a session confirmed for another account is 410. */
export async function markConfirmed(deps: Deps, session: QrSession, userId: string): Promise<QrSession> {
  if (session.status === 'confirmed') {
    if (session.userId !== userId) throw qrUsed();
    return session;
  }
  const now = deps.now();
  const confirmed = { status: 'confirmed' as const, userId, confirmedAt: now, scannedAt: session.scannedAt ?? now };
  await deps.db.orm.update(qrSessions).set(confirmed).where(eq(qrSessions.id, session.id));
  return { ...session, ...confirmed };
}

/** A scanner whose request carries no device cookie (WeChat's redirect to the callback) counts by its address. */
export type ScannerIdentity = Omit<ClientIdentity, 'deviceHash'> & { deviceHash: string | null };

/** Who a scan that signs up a new account comes from: the desktop that asked for the code and the scanner. */
export function signupOrigin(session: QrSession, scanner: ScannerIdentity): SignupOrigin {
  const known = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];
  return {
    deviceHashes: known([session.requesterDeviceHash, scanner.deviceHash]),
    addressHashes: known([session.requesterAddressHash, scanner.addressHash]),
  };
}
