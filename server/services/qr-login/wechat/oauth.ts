import type { WechatLoginSettings } from './settings';

// WeChat website login (开放平台 网站应用, snsapi_login), as documented under "网站应用微信登录开发指南": the QR page
// (qrconnect, embedded as WeChat's own wxLogin.js embeds it), then the code exchanged for the person's openid
// and unionid (sns/oauth2/access_token) and their nickname (sns/userinfo).

const CALL_TIMEOUT_MS = 10_000;

export interface WechatIdentity {
  openid: string;
  /** Present when the app belongs to an Open Platform account (the same person across its apps). */
  unionid: string | null;
  nickname: string | null;
}

/** WeChat answered with an errcode (an unknown or used code, a wrong AppSecret) or not at all. */
export class WechatLoginError extends Error {
  constructor(readonly errcode: number | 'timeout' | 'http') {
    super(`WeChat sign-in failed (${errcode})`);
  }
}

/**
 * The QR page to embed in an iframe, as wxLogin.js builds it (login_type=jssdk); self_redirect keeps the
 * redirect to our callback inside the frame, so the page around it stays and goes on polling.
 */
export function qrConnectUrl(settings: WechatLoginSettings, state: string): string {
  const query = new URLSearchParams({
    appid: settings.appId,
    scope: 'snsapi_login',
    redirect_uri: settings.redirectUri,
    state,
    login_type: 'jssdk',
    self_redirect: 'true',
    response_type: 'code',
  });
  return `${settings.openBaseUrl}/connect/qrconnect?${query}#wechat_redirect`;
}

async function call<T>(settings: WechatLoginSettings, path: string, params: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiBaseUrl}${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch {
    throw new WechatLoginError('timeout');
  }
  if (!response.ok) throw new WechatLoginError('http');
  const body = (await response.json().catch(() => ({ errcode: -1 }))) as T & { errcode?: number };
  if (body.errcode) throw new WechatLoginError(body.errcode);
  return body;
}

/** The person who scanned: the code (valid once, for 10 minutes) exchanged, then their nickname if WeChat gives it. */
export async function identityOfCode(settings: WechatLoginSettings, code: string): Promise<WechatIdentity> {
  const token = await call<{ access_token: string; openid: string; unionid?: string }>(settings, '/sns/oauth2/access_token', {
    appid: settings.appId,
    secret: settings.appSecret,
    code,
    grant_type: 'authorization_code',
  });
  if (typeof token.openid !== 'string' || !token.openid) throw new WechatLoginError('http');
  const info = await call<{ nickname?: string; unionid?: string }>(settings, '/sns/userinfo', {
    access_token: token.access_token,
    openid: token.openid,
    lang: 'zh_CN',
  }).catch(() => null);
  return {
    openid: token.openid,
    unionid: token.unionid ?? info?.unionid ?? null,
    nickname: info?.nickname?.slice(0, 64) || null,
  };
}
