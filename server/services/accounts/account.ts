import type { Deps } from '../../context';
import { totalsOf } from '../billing/balance';
import { findUserById, freeCheckAvailable } from './users';

export interface CurrentUser {
  id: string;
  loginName: string;
  avatar: string;
  roles: ['admin'];
}

/** Every real user has the single role admin (the spec's route guard relies on it). */
export async function currentUser(deps: Deps, userId: string): Promise<CurrentUser> {
  const user = await findUserById(deps, userId);
  return { id: user.id, loginName: user.username, avatar: user.avatar, roles: ['admin'] };
}

export async function accountInfo(deps: Deps, userId: string) {
  const user = await findUserById(deps, userId);
  const totals = await totalsOf(deps.db, userId);
  return {
    userId: user.id,
    loginName: user.username,
    phone: user.phone,
    balanceFen: totals.balanceFen,
    freeCheckAvailable: freeCheckAvailable(user),
    totalRechargeFen: totals.totalRechargeFen,
    totalSpentFen: totals.totalSpentFen,
    createdAt: user.createdAt.toISOString(),
  };
}
