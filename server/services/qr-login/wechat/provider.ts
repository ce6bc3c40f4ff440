import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Deps, withDb } from '../../../context';
import { qrSessions } from '../../../db/schema/qr';
import { users } from '../../../db/schema/users';
import { AppError, badRequest } from '../../../errors';
import { qrNotFound } from '../errors';
import type { QrLoginProvider, QrRequester, QrSessionView } from '../provider';
import { claimSession, markConfirmed, openSession, type ScannerIdentity, scanTokenHash, sessionForScan, signupOrigin } from '../sessions';
import { linkWechat, signInWechat, wechatAlreadyLinked, wechatOf } from './accounts';
import { identityOfCode, qrConnectUrl, WechatLoginError } from './oauth';
import type { WechatLoginSettings } from './settings';

export interface WechatCallback {
  code?: string;
  state?: string;
}

export interface WechatCallbackOutcome {
  outcome: 'signed_in' | 'linked';
  loginName: string;
}

export interface WechatQrProvider extends QrLoginProvider {
  /** A code for a signed-in account to link its WeChat: the scan links instead of signing in. */
  startLink(deps: Deps, userId: string, requester: QrRequester): Promise<QrSessionView>;
  /** WeChat's redirect after the scan: the code exchanged for the person, who signs in (found or created) or is linked. */
  callback(deps: Deps, request: WechatCallback, browser: ScannerIdentity, log: FastifyBaseLogger): Promise<WechatCallbackOutcome>;
}

const wechatFailed = () => new AppError(502, 'WECHAT_LOGIN_FAILED', '微信登录未完成，请刷新二维码后重新扫码');

/**
 * WeChat sign-in behind the same desktop side as the local provider: the session's scan token is the
 * OAuth state, so WeChat's QR page (embedded in the overlay) sends the scanner back to our callback with
 * it, and the browser that asked for the code collects the token by its usual poll.
 */
export function wechatQrProvider(settings: WechatLoginSettings): WechatQrProvider {
  const view = (session: { id: string; scanToken: string; expiresAt: Date }): QrSessionView => ({
    id: session.id,
    qrCode: qrConnectUrl(settings, session.scanToken),
    expiresAt: session.expiresAt.toISOString(),
    provider: 'wechat',
  });

  return {
    async create(deps, requester) {
      return view(await openSession(deps, requester));
    },

    claim: claimSession,

    async startLink(deps, userId, requester) {
      if (await wechatOf(deps, userId)) throw wechatAlreadyLinked();
      return view(await openSession(deps, requester, userId));
    },

    async callback(deps, request, browser, log) {
      const state = request.state ?? '';
      if (!/^[A-Za-z0-9_-]{32,128}$/.test(state)) throw qrNotFound();
      // A state we never issued costs WeChat nothing: check it before spending the code.
      const [known] = await deps.db.orm.select({ id: qrSessions.id }).from(qrSessions).where(eq(qrSessions.scanTokenHash, scanTokenHash(state)));
      if (!known) throw qrNotFound();
      if (!request.code) throw badRequest('已取消微信授权，请刷新二维码后重新扫码');
      const identity = await identityOfCode(settings, request.code).catch((error: unknown) => {
        if (error instanceof WechatLoginError) {
          log.warn({ errcode: error.errcode }, 'WeChat sign-in: the code exchange failed');
          throw wechatFailed();
        }
        throw error;
      });
      return deps.db.transaction(async (tx) => {
        const txDeps = withDb(deps, tx);
        const session = await sessionForScan(txDeps, state);
        if (session.linkUserId) {
          await linkWechat(txDeps, session.linkUserId, identity);
          await markConfirmed(txDeps, session, session.linkUserId);
          const [user] = await tx.orm.select({ username: users.username }).from(users).where(eq(users.id, session.linkUserId));
          return { outcome: 'linked', loginName: user.username };
        }
        const user = await signInWechat(txDeps, identity, signupOrigin(session, browser));
        await markConfirmed(txDeps, session, user.id);
        return { outcome: 'signed_in', loginName: user.username };
      });
    },
  };
}
