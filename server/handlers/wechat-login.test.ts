import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOptions } from '../http/logging';
import { body, createTestApp, post, signUp, type TestApp, testConfig } from '../test/app';
import { type FakeWechatLogin, startFakeWechatLogin } from '../test/fake-wechat-login';
import { desktopQr } from '../test/qr';

// WeChat website login against the fake WeChat (server/test/fake-wechat-login.ts): the overlay's code is WeChat's
// QR page with our scan token as state; WeChat sends the scanner to /auth/wechat/callback, the code is exchanged for
// the person, who signs in to the linked account or a new one; the browser that asked collects the token by its
// usual poll. Linking WeChat to a password account and unlinking it; forged states, refused codes, secrets in logs.

const ACCOUNT = '/api/base/account_info_api';

describe('WeChat sign-in', () => {
  let t: TestApp;
  let wechat: FakeWechatLogin;
  let logged = '';
  beforeAll(async () => {
    wechat = await startFakeWechatLogin();
    const log = pino(logOptions(testConfig({ LOG_LEVEL: 'info' })), new Writable({ write: (chunk, _enc, done) => ((logged += String(chunk)), done()) }));
    t = await createTestApp(wechat.env as never, { log });
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  /** WeChat's redirect into our frame: the callback page and its status. */
  const callback = async (url: string) => {
    const { pathname, search } = new URL(url);
    const page = await t.app.inject({ method: 'GET', url: `${pathname}${search}`, remoteAddress: '203.0.113.7' });
    return { status: page.statusCode, html: page.body, csp: String(page.headers['content-security-policy']), cookies: page.cookies.map((c) => c.name) };
  };
  const account = async (token: string) =>
    body<{ loginName: string; wechat: { nickname: string | null } | null }>(
      await t.app.inject({ method: 'GET', url: `${ACCOUNT}/account`, headers: { authorization: `Bearer ${token}` } }),
    ).result;

  it('shows WeChat’s QR page with the scan token as state, never the session id, and offers WeChat sign-in', async () => {
    const desktop = await desktopQr(t.app);
    expect(desktop.session).toMatchObject({ provider: 'wechat' });
    const qr = new URL(desktop.session.qrCode);
    expect(`${qr.origin}${qr.pathname}`).toBe(`${wechat.url}/connect/qrconnect`);
    expect(Object.fromEntries(qr.searchParams)).toMatchObject({
      appid: wechat.appId,
      scope: 'snsapi_login',
      response_type: 'code',
      redirect_uri: 'http://moyan.test/auth/wechat/callback',
      login_type: 'jssdk',
      self_redirect: 'true',
    });
    expect(qr.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(desktop.session.qrCode).not.toContain(desktop.session.id);
    expect(qr.hash).toBe('#wechat_redirect');
    const capabilities = body<{ wechatLogin: boolean }>(await t.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' })).result;
    expect(capabilities.wechatLogin).toBe(true);
    // The SPA may frame WeChat's page and nothing else.
    const spa = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(spa.headers['content-security-policy'])).toContain(`frame-src 'self' ${wechat.url}`);
  });

  it('creates an account on the first scan, signs the same WeChat in to it again, and only the asking browser gets the token', async () => {
    const person = wechat.person('李同学');
    const first = await desktopQr(t.app);
    expect(body(await first.poll()).result).toBeNull();
    const page = await callback(wechat.scan(first.session.qrCode, person));
    expect(page.status).toBe(200);
    expect(page.html).toContain('微信登录成功');
    expect(page.csp).toContain("frame-ancestors 'self'");
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/base/login_api/f/val_login_qr_code',
      query: { query: first.session.id },
      cookies: { moyan_device: 'another-browser-device-cookie-0001' },
    });
    expect(other.statusCode).toBe(404);
    const token = body<string>(await first.poll()).result;
    const created = await account(token);
    expect(created.loginName).toMatch(/^wx_[0-9a-f]{10}$/);
    expect(created.wechat).toMatchObject({ nickname: '李同学' });
    expect((await first.poll()).statusCode).toBe(410);

    const again = await desktopQr(t.app);
    await callback(wechat.scan(again.session.qrCode, person));
    expect((await account(body<string>(await again.poll()).result)).loginName).toBe(created.loginName);
  });

  it('leaves the browser’s device cookie alone, so the overlay around the frame still collects its token', async () => {
    // WeChat sends the frame, in the browser that polls, to the callback: a cookie set there would replace the one
    // the poll presents (path /api/base/login_api), and the poll would never be answered again.
    const desktop = await desktopQr(t.app);
    const scanned = await callback(wechat.scan(desktop.session.qrCode, wechat.person('周同学')));
    expect(scanned.status).toBe(200);
    expect(scanned.cookies).toEqual([]);
    const forged = new URL(wechat.scan(desktop.session.qrCode, wechat.person('吴同学')));
    forged.searchParams.set('state', 'y'.repeat(43));
    expect((await callback(forged.toString())).cookies).toEqual([]);
    expect(typeof body<string>(await desktop.poll()).result).toBe('string');
  });

  it('refuses a forged state without asking WeChat, a replayed or refused code, a cancelled scan; nothing signed in', async () => {
    const person = wechat.person('王同学');
    const desktop = await desktopQr(t.app);
    const real = new URL(wechat.scan(desktop.session.qrCode, person));
    const before = wechat.exchanges();
    const forged = new URL(real);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await callback(forged.toString())).status).toBe(404);
    expect(wechat.exchanges()).toBe(before);

    const cancelled = new URL(real);
    cancelled.searchParams.delete('code');
    const cancel = await callback(cancelled.toString());
    expect(cancel.status).toBe(400);
    expect(cancel.html).toContain('已取消微信授权');

    wechat.script('token:error');
    const refused = await callback(real.toString());
    expect(refused.status).toBe(502);
    expect(refused.html).toContain('微信登录未完成，请刷新二维码后重新扫码');
    expect(body(await desktop.poll()).result).toBeNull();

    // A fresh scan signs in; WeChat takes each code once, so its replay is refused.
    const again = wechat.scan(desktop.session.qrCode, person);
    expect((await callback(again)).status).toBe(200);
    expect((await callback(again)).status).toBe(502);
    expect(typeof body<string>(await desktop.poll()).result).toBe('string');
  });

  it('links WeChat to a password account (then signs in to it), refuses one linked elsewhere, and unlinks it', async () => {
    const student = await signUp(t.app);
    expect((await account(student.token)).wechat).toBeNull();
    const person = wechat.person('张同学', { unionid: false });

    const link = await post(t.app, `${ACCOUNT}/wechat_link`, { token: student.token });
    expect(link.statusCode).toBe(200);
    const linkQr = body<{ id: string; qrCode: string; provider: string }>(link).result;
    expect(linkQr.provider).toBe('wechat');
    const linked = await callback(wechat.scan(linkQr.qrCode, person));
    expect(linked.html).toContain(`微信已绑定账号 ${student.username}`);
    expect((await account(student.token)).wechat).toMatchObject({ nickname: '张同学' });
    // A code to link signs nobody in.
    const poll = await t.app.inject({ method: 'POST', url: '/api/base/login_api/f/val_login_qr_code', query: { query: linkQr.id } });
    expect(poll.statusCode).toBe(404);
    expect(body<{ error: { code: string } }>(await post(t.app, `${ACCOUNT}/wechat_link`, { token: student.token })).error.code).toBe(
      'WECHAT_ALREADY_LINKED',
    );

    const desktop = await desktopQr(t.app);
    await callback(wechat.scan(desktop.session.qrCode, person));
    expect((await account(body<string>(await desktop.poll()).result)).loginName).toBe(student.username);

    const someoneElse = await signUp(t.app);
    const elsewhere = body<{ qrCode: string }>(await post(t.app, `${ACCOUNT}/wechat_link`, { token: someoneElse.token })).result;
    const refused = await callback(wechat.scan(elsewhere.qrCode, person));
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('这个微信已绑定另一个墨研账号');
    expect((await account(someoneElse.token)).wechat).toBeNull();

    expect((await post(t.app, `${ACCOUNT}/wechat_unlink`, { token: student.token })).statusCode).toBe(200);
    expect((await account(student.token)).wechat).toBeNull();
    expect((await post(t.app, `${ACCOUNT}/wechat_unlink`, { token: student.token })).statusCode).toBe(404);
    const afterwards = await desktopQr(t.app);
    await callback(wechat.scan(afterwards.session.qrCode, person));
    expect((await account(body<string>(await afterwards.poll()).result)).loginName).not.toBe(student.username);
  });

  it('keeps WeChat on an account that has no other way in', async () => {
    const desktop = await desktopQr(t.app);
    await callback(wechat.scan(desktop.session.qrCode, wechat.person('赵同学')));
    const token = body<string>(await desktop.poll()).result;
    const refused = await post(t.app, `${ACCOUNT}/wechat_unlink`, { token });
    expect(refused.statusCode).toBe(409);
    expect(body<{ error: { code: string; message: string } }>(refused).error).toMatchObject({
      code: 'WECHAT_ONLY_SIGN_IN',
      message: '微信是这个账号唯一的登录方式，请先设置密码或绑定手机号再解绑',
    });
    expect((await account(token)).wechat).not.toBeNull();
  });

  it('never logs the AppSecret, a code or an access token', async () => {
    wechat.script('token:error');
    const desktop = await desktopQr(t.app);
    const url = wechat.scan(desktop.session.qrCode, wechat.person('钱同学'));
    await callback(url);
    expect(logged).toContain('WeChat sign-in: the code exchange failed');
    const secret = (await import('node:fs')).readFileSync(wechat.env.WECHAT_LOGIN_APP_SECRET_FILE, 'utf8').trim();
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(new URL(url).searchParams.get('code'));
    expect(logged).not.toContain(new URL(url).searchParams.get('state'));
  });
});

describe('without WeChat configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the local QR provider, offers no WeChat and has no callback', async () => {
    expect((await desktopQr(t.app)).session).toMatchObject({ provider: 'local', qrCode: expect.stringContaining('/m/qr/') });
    expect(body<{ wechatLogin: boolean }>(await t.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' })).result.wechatLogin).toBe(false);
    const { token } = await signUp(t.app);
    const link = await post(t.app, `${ACCOUNT}/wechat_link`, { token });
    expect(link.statusCode).toBe(403);
    expect(body<{ error: { code: string } }>(link).error.code).toBe('WECHAT_LOGIN_UNAVAILABLE');
    expect((await t.app.inject({ method: 'GET', url: '/auth/wechat/callback?code=a&state=b' })).statusCode).not.toBe(200);
    const spa = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(spa.headers['content-security-policy'])).toContain("frame-src 'self'");
    expect(String(spa.headers['content-security-policy'])).not.toContain('weixin');
  });
});
