import { addressHash, clientIdentity, presentedDeviceHash } from '../http/client-identity';
import { publicBaseUrl } from '../http/public-url';
import { accountInfo, currentUser } from '../services/accounts/account';
import { passwordLogin } from '../services/accounts/login';
import { register } from '../services/accounts/registration';
import { revokeToken } from '../services/accounts/tokens';
import { localQrProvider } from '../services/qr-login/local-provider';
import { pollQrLogin } from '../services/qr-login/service';
import { unlinkWechat } from '../services/qr-login/wechat/accounts';
import { AppError } from '../errors';
import type { HandlerGroup } from './types';

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
  | 'loginQrConfirm';

export const authHandlers: HandlerGroup<AuthOperations> = {
  loginLogin: ({ app, query, request }) => passwordLogin(app, query.username, query.password, addressHash(request)),
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
    pollQrLogin(app, app.qrLogin, query.query, { deviceHash: presentedDeviceHash(request) }),
  loginLogout: async ({ app, user }) => {
    await revokeToken(app, user.tokenHash);
    return { loggedOut: true as const };
  },
  loginRegister: ({ app, body, request }) => register(app, body, addressHash(request)),
  loginQrScan: ({ app, body }) => localQrProvider.scan(app, body),
  loginQrConfirm: ({ app, body, request, reply }) => localQrProvider.confirm(app, body, clientIdentity(request, reply)),
};
