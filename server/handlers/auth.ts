import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { addressHash, clientIdentity, presentedDeviceHash } from '../http/client-identity';
import { publicBaseUrl } from '../http/public-url';
import { accountInfo, currentUser } from '../services/accounts/account';
import { passwordLogin } from '../services/accounts/login';
import { register } from '../services/accounts/registration';
import { bindPhone, changePassword, setPassword } from '../services/accounts/security';
import { listSessions, revokeOtherSessions, revokeSession } from '../services/accounts/sessions';
import { revokeToken, type SignInOrigin } from '../services/accounts/tokens';
import { localQrProvider } from '../services/qr-login/local-provider';
import { pollQrLogin } from '../services/qr-login/service';
import { unlinkWechat } from '../services/qr-login/wechat/accounts';
import { AppError } from '../errors';
import { pageOf } from '../services/paging';
import type { BodyOf, HandlerGroup, QueryOf } from './types';

type AuthOperations =
  | 'loginLogin'
  | 'loginCurrent'
  | 'accountInfoAccount'
  | 'accountInfoWechatLink'
  | 'accountInfoWechatUnlink'
  | 'loginLoginQrCode'
  | 'loginValLoginQrCode'
  | 'loginLogout'
  | 'loginRegister'
  | 'loginQrScan'
  | 'loginQrConfirm'
  | 'loginQrConfirmAccount'
  | 'accountInfoSetPassword'
  | 'accountInfoChangePassword'
  | 'accountInfoBindPhone'
  | 'accountInfoSessions'
  | 'accountInfoRevokeSession'
  | 'accountInfoRevokeOtherSessions';

/** How a token is issued and to which browser, for the account centre's device list. */
const signInOrigin = (method: SignInOrigin['method'], request: FastifyRequest): SignInOrigin => ({
  method,
  userAgent: request.headers['user-agent'] ?? null,
});

export const authHandlers: HandlerGroup<AuthOperations> = {
  loginLogin: ({ app, query, body, request }) => {
    const { username, password } = loginFields(query, body);
    return passwordLogin(app, username, password, addressHash(request), signInOrigin('password', request));
  },
  loginCurrent: ({ user }) => currentUser(user),
  accountInfoAccount: ({ app, user }) => accountInfo(app, user.id),
  accountInfoWechatLink: ({ app, user, request, reply }) => {
    if (!app.wechatLogin) throw new AppError(403, 'WECHAT_LOGIN_UNAVAILABLE', '本站未开通微信登录');
    return app.wechatLogin.startLink(app, user.id, { ...clientIdentity(request, reply), baseUrl: publicBaseUrl(app.config, request) });
  },
  accountInfoWechatUnlink: async ({ app, user }) => {
    await unlinkWechat(app, user.id);
    return { unlinked: true as const };
  },
  loginLoginQrCode: ({ app, request, reply }) =>
    app.qrLogin.create(app, { ...clientIdentity(request, reply), baseUrl: publicBaseUrl(app.config, request) }),
  loginValLoginQrCode: ({ app, query, request }) =>
    pollQrLogin(app, app.qrLogin, query.query, { deviceHash: presentedDeviceHash(request) }, signInOrigin('qr', request)),
  loginLogout: async ({ app, user }) => {
    await revokeToken(app, user.tokenHash);
    return { loggedOut: true as const };
  },
  loginRegister: ({ app, body, request }) => register(app, body, addressHash(request), signInOrigin('register', request)),
  loginQrScan: ({ app, body }) => localQrProvider.scan(app, body),
  loginQrConfirm: ({ app, body, request, reply }) => localQrProvider.confirm(app, body, clientIdentity(request, reply)),
  loginQrConfirmAccount: ({ app, body, request, reply }) => localQrProvider.confirmAccount(app, body, clientIdentity(request, reply)),
  accountInfoSetPassword: ({ app, user, body }) => setPassword(app, user, body.password),
  accountInfoChangePassword: ({ app, user, body, request }) => changePassword(app, user, body, addressHash(request)),
  accountInfoBindPhone: ({ app, user, body, request }) => bindPhone(app, user, body, addressHash(request)),
  accountInfoSessions: ({ app, user, query }) => listSessions(app, user, pageOf(query)),
  accountInfoRevokeSession: ({ app, user, query }) => revokeSession(app, user, query.id),
  accountInfoRevokeOtherSessions: ({ app, user }) => revokeOtherSessions(app, user),
};

/** f/login's two fields: from the JSON body when one is sent (our UI), otherwise from the query string (the spec's call). */
function loginFields(query: QueryOf<'loginLogin'>, body: BodyOf<'loginLogin'>): { username: string; password: string } {
  const { username, password } = body ?? query;
  if (!username) throw badRequest('username 不能为空');
  if (!password) throw badRequest('password 不能为空');
  return { username, password };
}
