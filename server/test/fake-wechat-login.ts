// A fake WeChat website login (开放平台 网站应用, snsapi_login) on loopback, for tests, e2e and `npm run fake-pay`:
// the QR page (connect/qrconnect, which a test "scans" with `scan` or a browser with its buttons), the code
// exchange (sns/oauth2/access_token) and user info (sns/userinfo), with WeChat's answers and errcodes. The
// AppSecret is generated at start and written to a file, as an operator keeps the real one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeHtml } from '../engines/report/escape-html';
import { hang, Script, sendText, startHttp } from './fake-pay/http';

export interface WechatPerson {
  openid: string;
  unionid: string | null;
  nickname: string;
}

export interface FakeWechatLogin {
  url: string;
  appId: string;
  /** WECHAT_LOGIN_* and the two base addresses, pointing 墨研 at this fake (add PUBLIC_BASE_URL). */
  env: Record<string, string>;
  /** A WeChat user who can scan; `unionid: null` for an app outside an Open Platform account. */
  person(nickname: string, options?: { unionid?: boolean }): WechatPerson;
  /** What WeChat's page does when `person` scans `qrUrl` and confirms: the callback address with code and state. */
  scan(qrUrl: string, person: WechatPerson): string;
  /** Scripted faults for the next calls: 'token:timeout', 'token:error' (errcode -1), 'userinfo:error'. */
  script(...faults: string[]): void;
  /** Every code exchange asked for, to check a forged state costs WeChat nothing. */
  exchanges(): number;
  close(): Promise<void>;
}

interface Grant {
  person: WechatPerson;
  issuedAt: number;
  used: boolean;
}

const CODE_TTL_MS = 10 * 60_000;
const json = (res: Parameters<typeof sendText>[0], body: object) => sendText(res, 200, JSON.stringify(body), 'application/json; charset=utf-8');

export async function startFakeWechatLogin(options: { port?: number } = {}): Promise<FakeWechatLogin> {
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'moyan-fake-wechat-'));
  const secretFile = join(dir, 'wechat_app_secret.txt');
  writeFileSync(secretFile, `${appSecret}\n`, { mode: 0o600 });
  const people = new Map<string, WechatPerson>();
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, WechatPerson>();
  const faults = new Script();
  let exchanges = 0;

  const person = (nickname: string, opts: { unionid?: boolean } = {}): WechatPerson => {
    const someone = {
      openid: `o${randomBytes(14).toString('base64url')}`,
      unionid: opts.unionid === false ? null : `u${randomBytes(14).toString('base64url')}`,
      nickname,
    };
    people.set(someone.openid, someone);
    return someone;
  };

  const grant = (redirectUri: string, state: string, someone: WechatPerson) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { person: someone, issuedAt: Date.now(), used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    return back.toString();
  };

  /** The qrconnect parameters, or why WeChat's page would refuse them. */
  const connect = (url: URL) => {
    const q = url.searchParams;
    if (q.get('appid') !== appId) return { error: 'AppID 参数错误' };
    if (q.get('scope') !== 'snsapi_login') return { error: 'Scope 参数错误或没有 Scope 权限' };
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) return { error: 'redirect_uri 参数错误' };
    return { redirectUri, state: q.get('state') ?? '' };
  };

  const http = await startHttp(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/connect/qrconnect') {
      const params = connect(url);
      if ('error' in params) return sendText(res, 200, `<p>${escapeHtml(params.error ?? '')}</p>`, 'text/html; charset=utf-8');
      const scanAs = (someone: WechatPerson) =>
        `<a href="/_fake/scan?${new URLSearchParams({ openid: someone.openid, redirect_uri: params.redirectUri, state: params.state })}">以“${escapeHtml(someone.nickname)}”扫码确认</a>`;
      const links = [...people.values()].map(scanAs).join('<br>');
      const fresh = `<a href="/_fake/scan?${new URLSearchParams({ openid: 'new', redirect_uri: params.redirectUri, state: params.state })}">新微信用户扫码确认</a>`;
      return sendText(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>微信登录</title><body style="font:14px sans-serif;text-align:center">
<div role="img" aria-label="模拟微信登录二维码" style="width:160px;height:160px;margin:8px auto;background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px)"></div>
<p>模拟微信：使用微信扫一扫登录</p>${links}${links ? '<br>' : ''}${fresh}</body>`,
        'text/html; charset=utf-8',
      );
    }
    if (url.pathname === '/_fake/scan') {
      const openid = url.searchParams.get('openid') ?? '';
      const someone = openid === 'new' ? person(`微信用户${people.size + 1}`) : people.get(openid);
      if (!someone) return sendText(res, 404, 'unknown person');
      res.writeHead(302, { location: grant(url.searchParams.get('redirect_uri') ?? '', url.searchParams.get('state') ?? '', someone) });
      return void res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      exchanges += 1;
      if (faults.take('token:timeout') !== undefined) return hang(res);
      if (faults.take('token:error') !== undefined) return json(res, { errcode: -1, errmsg: 'system error' });
      const q = url.searchParams;
      if (q.get('appid') !== appId || q.get('secret') !== appSecret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      const found = codes.get(q.get('code') ?? '');
      if (!found || Date.now() - found.issuedAt > CODE_TTL_MS) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      if (found.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
      found.used = true;
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, found.person);
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('base64url'),
        openid: found.person.openid,
        scope: 'snsapi_login',
        ...(found.person.unionid ? { unionid: found.person.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      if (faults.take('userinfo:error') !== undefined) return json(res, { errcode: -1, errmsg: 'system error' });
      const someone = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!someone) return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (url.searchParams.get('openid') !== someone.openid) return json(res, { errcode: 40003, errmsg: 'invalid openid' });
      return json(res, {
        openid: someone.openid,
        nickname: someone.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        ...(someone.unionid ? { unionid: someone.unionid } : {}),
      });
    }
    return sendText(res, 404, 'not found');
  }, options.port);

  return {
    url: http.origin,
    appId,
    env: {
      WECHAT_LOGIN_APP_ID: appId,
      WECHAT_LOGIN_APP_SECRET_FILE: secretFile,
      WECHAT_OPEN_BASE_URL: http.origin,
      WECHAT_API_BASE_URL: http.origin,
    },
    person,
    scan(qrUrl, someone) {
      const params = connect(new URL(qrUrl));
      if ('error' in params) throw new Error(`WeChat would refuse this QR page: ${params.error}`);
      return grant(params.redirectUri, params.state, someone);
    },
    script: (...list) => faults.add(...list),
    exchanges: () => exchanges,
    async close() {
      await http.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
