import type { Deps } from '../../context';
import { totalsOf } from '../billing/balance';
import { freeCheckNotice } from './free-check-allowance';
import type { AuthUser } from './types';
import { findUserById, freeCheckAvailable, freeCheckState } from './users';

export interface CurrentUser {
  id: string;
  loginName: string;
  avatar: string;
  roles: ['admin'];
}

/**
 * The signed-in user as the token lookup found it (no second query). Every real user has the single
 * role admin (the spec's route guard relies on it).
 */
export function currentUser(user: AuthUser): CurrentUser {
  return { id: user.id, loginName: user.username, avatar: user.avatar, roles: ['admin'] };
}

export async function accountInfo(deps: Deps, userId: string) {
  const user = await findUserById(deps, userId);
  const totals = await totalsOf(deps.db, userId);
  return {
    userId: user.id,
    loginName: user.username,
    phone: user.phone,
    hasPassword: user.passwordHash !== null,
    balanceFen: totals.balanceFen,
    freeCheckAvailable: freeCheckAvailable(user),
    freeCheckState: freeCheckState(user),
    freeCheckNotice: freeCheckNotice(user.qrSignup ? user.freeCheckWithheld : null),
    totalRechargeFen: totals.totalRechargeFen,
    totalSpentFen: totals.totalSpentFen,
    createdAt: user.createdAt.toISOString(),
  };
}
