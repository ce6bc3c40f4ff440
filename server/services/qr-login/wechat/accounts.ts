import { and, eq, or } from 'drizzle-orm';
import type { Deps } from '../../../context';
import { type User, users } from '../../../db/schema/users';
import { wechatAccounts } from '../../../db/schema/wechat-accounts';
import { conflict, notFound } from '../../../errors';
import type { SignupOrigin } from '../../accounts/free-check-allowance';
import { createScanAccount } from '../phone-accounts';
import type { WechatIdentity } from './oauth';

export const wechatLinkedElsewhere = () => conflict('WECHAT_LINKED_ELSEWHERE', '这个微信已绑定另一个墨研账号，请先用微信登录那个账号并解绑');
export const wechatAlreadyLinked = () => conflict('WECHAT_ALREADY_LINKED', '当前账号已绑定微信，如需更换请先解绑');
export const wechatOnlySignIn = () => conflict('WECHAT_ONLY_SIGN_IN', '微信是这个账号唯一的登录方式，请先设置密码或绑定手机号再解绑');

/** The account a WeChat identity is linked to (by unionid when WeChat gives one, else openid), locked. */
async function linkOf(deps: Deps, identity: WechatIdentity) {
  const match = identity.unionid
    ? or(eq(wechatAccounts.unionid, identity.unionid), eq(wechatAccounts.openid, identity.openid))
    : eq(wechatAccounts.openid, identity.openid);
  const [link] = await deps.db.orm.select().from(wechatAccounts).where(match).for('update');
  return link;
}

async function refresh(deps: Deps, userId: string, identity: WechatIdentity): Promise<void> {
  await deps.db.orm
    .update(wechatAccounts)
    .set({ openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname })
    .where(eq(wechatAccounts.userId, userId));
}

/**
 * The account this WeChat signs in to: the linked one, or a new account (a QR sign-up, wx_ name, no
 * password, the sign-up limits and free check as for a phone). Run inside the callback's transaction.
 */
export async function signInWechat(deps: Deps, identity: WechatIdentity, origin: SignupOrigin): Promise<Pick<User, 'id' | 'username'>> {
  const link = await linkOf(deps, identity);
  if (link) {
    await refresh(deps, link.userId, identity);
    const [user] = await deps.db.orm.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, link.userId));
    return user;
  }
  const user = await createScanAccount(deps, origin, { prefix: 'wx_' });
  await deps.db.orm.insert(wechatAccounts).values({ userId: user.id, ...identity });
  return user;
}

/** Links this WeChat to a signed-in account (which has none yet); one linked elsewhere is refused. */
export async function linkWechat(deps: Deps, userId: string, identity: WechatIdentity): Promise<void> {
  const link = await linkOf(deps, identity);
  if (link && link.userId !== userId) throw wechatLinkedElsewhere();
  if (link) return refresh(deps, userId, identity);
  if (await wechatOf(deps, userId)) throw wechatAlreadyLinked();
  await deps.db.orm.insert(wechatAccounts).values({ userId, ...identity });
}

/** Unlinks WeChat, unless it is the account's only way in (no password, no phone, no device key). */
export async function unlinkWechat(deps: Deps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.orm.select().from(users).where(eq(users.id, userId)).for('update');
    const [link] = await tx.orm.select().from(wechatAccounts).where(eq(wechatAccounts.userId, userId));
    if (!user || !link) throw notFound();
    if (!user.passwordHash && !user.phone && !user.deviceKeyHash) throw wechatOnlySignIn();
    await tx.orm.delete(wechatAccounts).where(and(eq(wechatAccounts.userId, userId), eq(wechatAccounts.openid, link.openid)));
  });
}

/** What the account centre shows: the linked WeChat's nickname and when, or null. */
export async function wechatOf(deps: Deps, userId: string): Promise<{ nickname: string | null; linkedAt: string } | null> {
  const [link] = await deps.db.orm
    .select({ nickname: wechatAccounts.nickname, linkedAt: wechatAccounts.linkedAt })
    .from(wechatAccounts)
    .where(eq(wechatAccounts.userId, userId));
  return link ? { nickname: link.nickname, linkedAt: link.linkedAt.toISOString() } : null;
}
