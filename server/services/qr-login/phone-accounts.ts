import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { type User, users } from '../../db/schema/users';
import { freeCheckWithheld, grantFreeCheck, type SignupOrigin } from '../accounts/free-check-allowance';
import { registrationClosed } from '../accounts/registration';
import { takeSignup } from '../accounts/signup-limit';

export const deviceKeyHash = (deviceKey: string) => createHash('sha256').update(`device:${deviceKey}`).digest('hex');

/** The account a phone signs in to, and the key it must present next time (the one it sent is spent). */
export interface PhoneSignIn {
  user: User;
  deviceKey: string;
}

/**
 * A phone's identity is a device key this server issued: 32 random bytes, stored hashed, replaced by a
 * new one on every confirmation. A key the server does not know (made up, copied after it was spent)
 * is ignored: that phone is a new phone and gets an account and a key of its own, so no one can choose
 * a key to share or take an account. Run inside the confirmation's transaction.
 */
export async function signInPhone(deps: Deps, presented: string | undefined, origin: SignupOrigin): Promise<PhoneSignIn> {
  const known = presented ? await accountOfKey(deps, presented) : undefined;
  if (known) return keyPhoneTo(deps, known.id);
  const deviceKey = newDeviceKey();
  return { user: await createScanAccount(deps, origin, { prefix: 'qr_', deviceKeyHash: deviceKeyHash(deviceKey) }), deviceKey };
}

/**
 * Issues the phone a key of an account it signed in to (by its key, or by the account's password on the
 * confirmation page). An account knows one phone: the key it held before, on this phone or another, is spent.
 */
export async function keyPhoneTo(deps: Deps, userId: string): Promise<PhoneSignIn> {
  const deviceKey = newDeviceKey();
  const [user] = await deps.db.orm.update(users).set({ deviceKeyHash: deviceKeyHash(deviceKey) }).where(eq(users.id, userId)).returning();
  return { user, deviceKey };
}

/** Whether a key the phone presents is one this server issued and has not spent. */
export async function isKnownPhone(deps: Deps, deviceKey: string | undefined): Promise<boolean> {
  if (!deviceKey) return false;
  const [user] = await deps.db.orm.select({ id: users.id }).from(users).where(eq(users.deviceKeyHash, deviceKeyHash(deviceKey)));
  return user !== undefined;
}

const newDeviceKey = () => `dk_${randomBytes(32).toString('base64url')}`;

async function accountOfKey(deps: Deps, deviceKey: string): Promise<User | undefined> {
  const [user] = await deps.db.orm.select().from(users).where(eq(users.deviceKeyHash, deviceKeyHash(deviceKey))).for('update');
  return user;
}

/**
 * A QR sign-up (a phone's, or WeChat's): no password, a generated qr_ or wx_ name, counted against the sign-up
 * limits of the desktop's and the phone's addresses, and the free check unless the day's limits say no.
 */
export async function createScanAccount(
  deps: Deps,
  origin: SignupOrigin,
  account: { prefix: 'qr_' | 'wx_'; deviceKeyHash?: string },
): Promise<User> {
  if (deps.config.REGISTRATION === 'closed') throw registrationClosed();
  await takeSignup(deps, origin.addressHashes);
  const withheld = await freeCheckWithheld(deps, origin);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = `${account.prefix}${randomBytes(5).toString('hex')}`;
    try {
      return await deps.db.transaction(async (inner) => {
        const [user] = await inner.orm
          .insert(users)
          .values({ username, deviceKeyHash: account.deviceKeyHash, qrSignup: true, freeCheckWithheld: withheld })
          .returning();
        if (!withheld) await grantFreeCheck(withDb(deps, inner), user.id, origin);
        return user;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not allocate a username for a QR sign-up');
}
