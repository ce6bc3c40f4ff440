import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, post, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { desktopQr, type DesktopQr, phoneCall, scanTokenOf } from '../test/qr';
import { expectNoChange } from '../test/snapshot';

const SCAN = '/api/base/login_api/f/qr_scan';
const CONFIRM = '/api/base/login_api/f/qr_confirm';
const CURRENT = '/api/base/login_api/current';

interface MobileState {
  status: string;
  expiresAt: string;
  loginName: string | null;
  deviceKey: string | null;
  knownPhone: boolean;
}

describe('QR login with the local provider', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const createSession = () => desktopQr(t.app);
  const scan = (desktop: DesktopQr) => phoneCall(t.app, 'qr_scan', desktop.session.qrCode);
  const confirm = (desktop: DesktopQr, deviceKey?: string) => phoneCall(t.app, 'qr_confirm', desktop.session.qrCode, { deviceKey });
  const stateOf = (response: Awaited<ReturnType<typeof confirm>>) => body<MobileState>(response).result;
  const userOf = async (token: string) => body<{ id: string }>(await post(t.app, CURRENT, { token })).result.id;
  const userCount = async () => (await t.db.sql<{ n: number }>('select count(*)::int as n from users'))[0].n;

  it('creates a session whose QR code is this server’s mobile page with an unguessable scan token, not the id, valid 5 minutes', async () => {
    const desktop = await createSession();
    const { session } = desktop;
    const scanToken = scanTokenOf(session.qrCode);
    expect(session.qrCode).toBe(`http://moyan.test/m/qr/${scanToken}`);
    expect(scanToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.qrCode).not.toContain(session.id);
    expect(new Date(session.expiresAt).getTime() - clock.now().getTime()).toBe(5 * 60_000);
    const [row] = await t.db.sql<{ scan_token_hash: string }>('select scan_token_hash from qr_sessions where id = $1', [session.id]);
    expect(row.scan_token_hash).not.toContain(scanToken);
    const other = await createSession();
    expect(scanTokenOf(other.session.qrCode)).not.toBe(scanToken);
  });

  it('walks pending -> scanned -> confirmed -> one token, and a first scan creates a QR account with a free check', async () => {
    const desktop = await createSession();
    const users = await userCount();
    expect(body((await desktop.poll())).result).toBeNull();

    const scanned = await scan(desktop);
    expect(scanned.statusCode).toBe(200);
    expect(stateOf(scanned)).toEqual({ status: 'scanned', expiresAt: desktop.session.expiresAt, loginName: null, deviceKey: null, knownPhone: false });
    expect(body(await desktop.poll()).result).toBeNull();

    const confirmed = await confirm(desktop);
    expect(confirmed.statusCode).toBe(200);
    const state = stateOf(confirmed);
    expect(state.status).toBe('confirmed');
    expect(state.loginName).toMatch(/^qr_[0-9a-f]{10}$/);
    expect(await userCount()).toBe(users + 1);

    const token = body<string>(await desktop.poll()).result;
    expect(token).toMatch(/^mya_/);
    const current = await post(t.app, CURRENT, { token });
    expect(body(current).result).toMatchObject({ loginName: state.loginName, roles: ['admin'] });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/base/account_info_api/account',
      headers: bearer(token),
    });
    expect(body(account).result).toMatchObject({ freeCheckAvailable: true, phone: null, balanceFen: 0 });

    const again = await desktop.poll();
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ success: false, error: { code: 'QR_USED', message: '二维码已使用，请刷新后重新扫码' } });
  });

  it('signs a phone into the same account with the key it was issued, another phone into another', async () => {
    const first = await createSession();
    const firstKey = stateOf(await confirm(first)).deviceKey!;
    const firstUser = await userOf(body<string>(await first.poll()).result);
    const users = await userCount();

    const second = await createSession();
    const secondState = stateOf(await confirm(second, firstKey));
    expect(secondState.status).toBe('confirmed');
    expect(await userOf(body<string>(await second.poll()).result)).toBe(firstUser);
    expect(await userCount()).toBe(users);

    const third = await createSession();
    await confirm(third);
    expect(await userOf(body<string>(await third.poll()).result)).not.toBe(firstUser);
    expect(await userCount()).toBe(users + 1);
  });

  it('keeps a confirmed session for the phone that confirmed it and refuses another phone', async () => {
    const desktop = await createSession();
    const key = stateOf(await confirm(desktop)).deviceKey!;
    const repeat = await confirm(desktop, key);
    expect(stateOf(repeat).status).toBe('confirmed');
    const intruder = await expectNoChange(t.db, () => confirm(desktop));
    expect(intruder.statusCode).toBe(410);
    expect(body(intruder).error.code).toBe('QR_USED');
  });

  it('answers an unknown scan token or session id with 404, and changes nothing', async () => {
    const desktop = await createSession();
    const wrongToken = await expectNoChange(t.db, () => post(t.app, SCAN, { payload: { scanToken: 'x'.repeat(43) } }));
    const wrongConfirm = await expectNoChange(t.db, () => post(t.app, CONFIRM, { payload: { scanToken: 'x'.repeat(43) } }));
    const unknownPoll = await expectNoChange(t.db, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/base/login_api/f/val_login_qr_code',
        query: { query: 'no-such-session' },
        cookies: { moyan_device: desktop.deviceCookie },
      }),
    );
    for (const response of [wrongToken, wrongConfirm, unknownPoll]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
    }
  });

  it('expires after 5 minutes: scan, confirm and poll answer 410 and nothing is created', async () => {
    const desktop = await createSession();
    await scan(desktop);
    clock.advance(5 * 60_000 + 1000);
    for (const response of [
      await expectNoChange(t.db, () => confirm(desktop)),
      await expectNoChange(t.db, () => scan(desktop)),
      await expectNoChange(t.db, () => desktop.poll()),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({
        success: false,
        error: { code: 'QR_EXPIRED', message: '二维码已过期，请刷新后重新扫码' },
      });
    }
  });

  it('lets the desktop collect a confirmation made just before expiry', async () => {
    const desktop = await createSession();
    clock.advance(5 * 60_000 - 1000);
    await confirm(desktop);
    clock.advance(3000);
    expect(body<string>(await desktop.poll()).result).toMatch(/^mya_/);
  });

  it.each([
    [{}, '请求参数不正确：scanToken 不能为空'],
    [{ scanToken: 'short' }, '请求参数不正确：scanToken 长度不能少于 32'],
    [{ scanToken: 7 }, '请求参数不正确：scanToken 应为字符串'],
  ])('rejects the phone call %j', async (payload, message) => {
    for (const path of [SCAN, CONFIRM]) {
      const response = await expectNoChange(t.db, () => post(t.app, path, { payload }));
      expect(response.statusCode).toBe(400);
      expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('rejects a confirmation with a malformed device key', async () => {
    const response = await expectNoChange(t.db, () => post(t.app, CONFIRM, { payload: { scanToken: 'x'.repeat(43), deviceKey: 'short' } }));
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message: '请求参数不正确：deviceKey 长度不能少于 16' });
  });

  it('rejects a poll without an id', async () => {
    const response = await post(t.app, '/api/base/login_api/f/val_login_qr_code');
    expect(response.statusCode).toBe(400);
    expect(body(response).error.message).toBe('请求参数不正确：query 不能为空');
  });

  it('serves the mobile confirmation page with 确认登录, the issued device key kept in localStorage and an escaped token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/m/qr/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('确认登录');
    expect(response.body).toContain('localStorage');
    expect(response.body).toContain('data-token="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<script nonce="${nonce}">`);
  });
});
