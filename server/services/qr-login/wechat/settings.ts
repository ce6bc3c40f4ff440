import type { Config } from '../../../config';
import { readKeyFile } from '../../payments/key-files';

export interface WechatLoginSettings {
  appId: string;
  appSecret: string;
  /** open.weixin.qq.com: the QR page (qrconnect). */
  openBaseUrl: string;
  /** api.weixin.qq.com: the code exchange and user info. */
  apiBaseUrl: string;
  /** PUBLIC_BASE_URL/auth/wechat/callback, on the 授权回调域 registered with the app. */
  redirectUri: string;
}

type WechatLoginConfig = Pick<
  Config,
  'WECHAT_LOGIN_APP_ID' | 'WECHAT_LOGIN_APP_SECRET_FILE' | 'WECHAT_OPEN_BASE_URL' | 'WECHAT_API_BASE_URL' | 'PUBLIC_BASE_URL'
>;

export const WECHAT_CALLBACK_PATH = '/auth/wechat/callback';

/** WeChat sign-in from WECHAT_LOGIN_* (the AppSecret read from its file), or null when not configured. */
export function wechatLoginSettings(config: WechatLoginConfig): WechatLoginSettings | null {
  const { WECHAT_LOGIN_APP_ID: appId, WECHAT_LOGIN_APP_SECRET_FILE: secretFile } = config;
  if (!appId || !secretFile) return null;
  const appSecret = readKeyFile('WECHAT_LOGIN_APP_SECRET_FILE', secretFile).trim();
  if (!/^[0-9a-zA-Z]{16,64}$/.test(appSecret)) throw new Error('WECHAT_LOGIN_APP_SECRET_FILE: the file does not hold an AppSecret');
  return {
    appId,
    appSecret,
    openBaseUrl: config.WECHAT_OPEN_BASE_URL.replace(/\/+$/, ''),
    apiBaseUrl: config.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
    redirectUri: `${config.PUBLIC_BASE_URL}${WECHAT_CALLBACK_PATH}`,
  };
}
