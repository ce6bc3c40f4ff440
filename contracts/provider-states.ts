import { inArray } from 'drizzle-orm';
import type { Deps } from '../server/context';
import { packages } from '../server/db/schema/packages';
import { qrSessions } from '../server/db/schema/qr';
import { accessTokens } from '../server/db/schema/sessions';
import { users } from '../server/db/schema/users';
import { clearThrottlesForNames } from '../server/services/accounts/login-throttle';
import { hashPassword } from '../server/services/accounts/passwords';
import { hashToken } from '../server/services/accounts/tokens';
import { storeFinishedCheck } from '../server/services/check/seed';
import type { VerifierOptions } from '@pact-foundation/pact';
import { PACT_QR_CONFIRMED, PACT_QR_PENDING, PACT_REPORT_ID, PACT_TOKEN, PACT_USER, STATES } from './states';

const SEEDED_PACKAGES = [
  'pkg-check',
  'pkg-rewrite',
  'pkg-aigc',
  'pkg-paper',
  'pkg-ppt',
  'pkg-recharge-1000',
  'pkg-recharge-3000',
  'pkg-recharge-5000',
  'pkg-recharge-10000',
  'pkg-recharge-20000',
];

/**
 * The provider states the consumer tests name (contracts/states.ts), each seeding the provider's
 * database directly. Setups are idempotent, so the same database can be verified again and again.
 */
export function providerStates(deps: Deps): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = deps;
  const inFiveMinutes = () => new Date(deps.now().getTime() + 5 * 60_000);

  // zhangsan with the known password and no failed logins left over from earlier runs.
  async function zhangsan(): Promise<string> {
    const passwordHash = await hashPassword(PACT_USER.password);
    const [user] = await db.orm
      .insert(users)
      .values({ username: PACT_USER.username, passwordHash })
      .onConflictDoUpdate({
        target: users.username,
        set: { passwordHash },
      })
      .returning({ id: users.id });
    await clearThrottlesForNames(deps, [PACT_USER.username]);
    return user.id;
  }

  async function qrSession(id: string, userId: string | null): Promise<void> {
    const values = {
      secretHash: hashToken(`pact-secret-${id}`),
      status: userId ? ('confirmed' as const) : ('pending' as const),
      userId,
      expiresAt: inFiveMinutes(),
      scannedAt: null,
      confirmedAt: userId ? deps.now() : null,
      consumedAt: null,
    };
    await db.orm
      .insert(qrSessions)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: qrSessions.id, set: values });
  }

  async function signedIn(): Promise<string> {
    const userId = await zhangsan();
    const expiresAt = new Date(deps.now().getTime() + deps.config.TOKEN_TTL_SECONDS * 1000);
    await db.orm
      .insert(accessTokens)
      .values({ userId, tokenHash: hashToken(PACT_TOKEN), expiresAt })
      .onConflictDoUpdate({ target: accessTokens.tokenHash, set: { userId, expiresAt, revokedAt: null } });
    return userId;
  }

  return {
    [STATES.userExists]: state(zhangsan),
    [STATES.signedIn]: state(signedIn),
    [STATES.reportReady]: state(async () =>
      storeFinishedCheck(deps, {
        id: PACT_REPORT_ID,
        userId: await signedIn(),
        title: '基于深度学习的中文文本相似度研究',
        author: '张三',
        text: '摘要\n文本相似度计算在学术不端检测中发挥着重要作用。本文比较了指纹方法与对齐方法的效果。',
      }),
    ),
    [STATES.qrPending]: state(() => qrSession(PACT_QR_PENDING, null)),
    [STATES.qrConfirmed]: state(async () => qrSession(PACT_QR_CONFIRMED, await zhangsan())),
    [STATES.packagesSeeded]: state(async () => {
      const rows = await db.orm
        .select({ id: packages.id })
        .from(packages)
        .where(inArray(packages.id, SEEDED_PACKAGES));
      const missing = SEEDED_PACKAGES.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) throw new Error(`seeded packages missing: ${missing.join(', ')} (run the migrations)`);
      await db.orm.update(packages).set({ active: true }).where(inArray(packages.id, SEEDED_PACKAGES));
    }),
  };
}

/** A state setup that passes no parameters back to the verifier. */
function state(setup: () => Promise<unknown>): () => Promise<undefined> {
  return async () => {
    await setup();
    return undefined;
  };
}
