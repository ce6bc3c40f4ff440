import type { Deps } from '../../context';
import { chinaDay, type FreeAction, freeLimits } from './limits';

// Test states (contracts/provider-states.ts): an account with today's free uses untouched, or one spent.

/** Forgets the account's free uses of today. */
export async function resetFreeUses(deps: Deps, userId: string): Promise<void> {
  await deps.db.sql('delete from free_uses where subject = $1', [`user:${userId}`]);
}

/** The account has used all of today's free uses of `action`. */
export async function spendFreeUses(deps: Deps, userId: string, action: FreeAction): Promise<void> {
  await deps.db.sql(
    `insert into free_uses (action, subject, day, used) values ($1, $2, $3, $4)
     on conflict (action, subject, day) do update set used = excluded.used`,
    [action, `user:${userId}`, chinaDay(deps.now()), freeLimits(deps.config)[action].perAccount],
  );
}
