import { addressHash, clientIdentity, presentedDeviceHash } from '../http/client-identity';
import { publicBaseUrl } from '../http/public-url';
import { accountInfo, currentUser } from '../services/accounts/account';
import { passwordLogin } from '../services/accounts/login';
import { registrationClosed } from '../services/accounts/registration';
import { issueToken, revokeToken } from '../services/accounts/tokens';
import { createUser } from '../services/accounts/users';
import { localQrProvider } from '../services/qr-login/local-provider';
import { pollQrLogin } from '../services/qr-login/service';
import type { HandlerGroup } from './types';

type AuthOperations =
  | 'loginLogin'
  | 'loginCurrent'
  | 'accountInfoAccount'
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
  loginLoginQrCode: ({ app, request, reply }) =>
    app.qrLogin.create(app, { ...clientIdentity(request, reply), baseUrl: publicBaseUrl(app.config, request) }),
  loginValLoginQrCode: ({ app, query, request }) =>
    pollQrLogin(app, app.qrLogin, query.query, { deviceHash: presentedDeviceHash(request) }),
  loginLogout: async ({ app, user }) => {
    await revokeToken(app, user.tokenHash);
    return { loggedOut: true as const };
  },
  loginRegister: async ({ app, body }) => {
    if (app.config.REGISTRATION === 'closed') throw registrationClosed();
    const user = await createUser(app, body);
    return issueToken(app, user.id);
  },
  loginQrScan: ({ app, body }) => localQrProvider.scan(app, body),
  loginQrConfirm: ({ app, body, request, reply }) => localQrProvider.confirm(app, body, clientIdentity(request, reply)),
};
