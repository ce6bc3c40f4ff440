import { type Deps, withDb } from '../../context';
import { AppError } from '../../errors';
import { chinaDay, FREE_ACTION_LABELS, FREE_ACTIONS, type FreeAction, freeLimits, secondsToNextDay } from './limits';

/** Who asks: the account, and the hashed network address of the request (http/client-identity.ts addressHash). */
export interface Requester {
  userId: string;
  addressHash: string;
}

export const FREE_USES_EXHAUSTED = 'FREE_USES_EXHAUSTED';

export const isFreeUsesExhausted = (error: unknown) => error instanceof AppError && error.code === FREE_USES_EXHAUSTED;

const subjects = (who: Requester) => ({ account: `user:${who.userId}`, address: `address:${who.addressHash}` });

function exhausted(deps: Deps, action: FreeAction, by: 'account' | 'address', perDay: number): AppError {
  const label = FREE_ACTION_LABELS[action];
  const retryAfterSeconds = secondsToNextDay(deps.now());
  const message =
    by === 'account'
      ? `今日免费${label}次数已用完（每个账号每天 ${perDay} 次），请明天再试`
      : `当前网络今日免费${label}次数已用完（同一网络每天共 ${perDay} 次），请明天再试`;
  return new AppError(429, FREE_USES_EXHAUSTED, message, { action, perDay, retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Counts one free use of `action` for the account and for its address, in the caller's transaction (`deps.db`):
 * refused with 429 FREE_USES_EXHAUSTED when either has used its day's allowance. Rolled back with the
 * transaction, so a request refused later takes nothing.
 */
export async function takeFreeUse(deps: Deps, who: Requester, action: FreeAction): Promise<void> {
  const limit = freeLimits(deps.config)[action];
  const day = chinaDay(deps.now());
  const { account, address } = subjects(who);
  for (const [by, subject, perDay] of [
    ['account', account, limit.perAccount],
    ['address', address, limit.perAddress],
  ] as const) {
    // One statement counts and checks: two requests at once cannot both take the last use.
    const rows = await deps.db.sql(
      `insert into free_uses (action, subject, day, used) select $1, $2, $3, 1 where $4::int > 0
       on conflict (action, subject, day) do update set used = free_uses.used + 1 where free_uses.used < $4::int
       returning used`,
      [action, subject, day, perDay],
    );
    if (rows.length === 0) throw exhausted(deps, action, by, perDay);
  }
  await deps.db.sql('delete from free_uses where day < $1', [chinaDay(deps.now(), 2)]);
}

/** Gives a use back (the work it was taken for failed, through no fault of the student's). */
export async function giveBackFreeUse(deps: Deps, who: Requester, action: FreeAction): Promise<void> {
  const { account, address } = subjects(who);
  await deps.db.sql(
    'update free_uses set used = greatest(used - 1, 0) where action = $1 and day = $2 and subject = any($3::text[])',
    [action, chinaDay(deps.now()), `{${account},${address}}`],
  );
}

/** Runs `work` as one free use of `action`: taken first (or refused), given back when `work` fails. */
export async function withFreeUse<T>(deps: Deps, who: Requester, action: FreeAction, work: () => Promise<T>): Promise<T> {
  await deps.db.transaction((tx) => takeFreeUse(withDb(deps, tx), who, action));
  try {
    return await work();
  } catch (error) {
    await giveBackFreeUse(deps, who, action);
    throw error;
  }
}

export interface FreeUse {
  /** The account's allowance a day. */
  perDay: number;
  /** Used today by the account. */
  used: number;
  /** What is left today for the account from its address: its own allowance, or less when the address has used up its own. */
  remaining: number;
}

/** Today's free uses of the account (and its address), per action. */
export async function freeUsesOf(deps: Deps, who: Requester): Promise<{ day: string; uses: Record<FreeAction, FreeUse> }> {
  const day = chinaDay(deps.now());
  const { account, address } = subjects(who);
  const rows = await deps.db.sql<{ action: string; subject: string; used: number }>(
    'select action, subject, used from free_uses where day = $1 and subject = any($2::text[])',
    [day, `{${account},${address}}`],
  );
  const usedBy = (action: FreeAction, subject: string) => rows.find((r) => r.action === action && r.subject === subject)?.used ?? 0;
  const limits = freeLimits(deps.config);
  const uses = Object.fromEntries(
    FREE_ACTIONS.map((action) => {
      const used = usedBy(action, account);
      const remaining = Math.max(0, Math.min(limits[action].perAccount - used, limits[action].perAddress - usedBy(action, address)));
      return [action, { perDay: limits[action].perAccount, used, remaining }];
    }),
  ) as Record<FreeAction, FreeUse>;
  return { day, uses };
}
