import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, post, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { expectNoChange } from '../test/snapshot';

const CREATE = '/api/base/login_api/f/login_qr_code';
const POLL = '/api/base/login_api/f/val_login_qr_code';
const SCAN = '/api/base/login_api/f/qr_scan';
const CONFIRM = '/api/base/login_api/f/qr_confirm';
const CURRENT = '/api/base/login_api/current';

const PHONE_A = 'dk_phone-a-0000000000000001';
const PHONE_B = 'dk_phone-b-0000000000000002';

interface Session {
  id: string;
  secret: string;
  qrCode: string;
  expiresAt: string;
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

  async function createSession(): Promise<Session> {
    const response = await post(t.app, CREATE);
    expect(response.statusCode).toBe(200);
    const result = body<Omit<Session, 'secret'>>(response).result;
    const url = new URL(result.qrCode);
    return { ...result, secret: url.searchParams.get('s') ?? '' };
  }
  const poll = (id: string) => post(t.app, POLL, { query: { query: id } });
  const phone = (path: string, session: Session, deviceKey: string, secret = session.secret) =>
    post(t.app, path, { payload: { id: session.id, secret, deviceKey } });
  const userCount = async () => (await t.db.sql<{ n: number }>('select count(*)::int as n from users'))[0].n;

  it('creates a session whose QR code is this server’s mobile page with an unguessable secret, valid 5 minutes', async () => {
    const session = await createSession();
    expect(session.qrCode).toBe(`http://moyan.test/m/qr/${session.id}?s=${session.secret}`);
    expect(session.secret.length).toBeGreaterThanOrEqual(32);
    expect(new Date(session.expiresAt).getTime() - clock.now().getTime()).toBe(5 * 60_000);
    const [row] = await t.db.sql<{ secret_hash: string }>('select secret_hash from qr_sessions where id = $1', [session.id]);
    expect(row.secret_hash).not.toContain(session.secret);
    const other = await createSession();
    expect(other.secret).not.toBe(session.secret);
  });

  it('walks pending -> scanned -> confirmed -> one token, and a first scan creates a QR account with a free check', async () => {
    const session = await createSession();
    const users = await userCount();
    expect(body((await poll(session.id))).result).toBeNull();

    const scanned = await phone(SCAN, session, PHONE_A);
    expect(scanned.statusCode).toBe(200);
    expect(body(scanned).result).toEqual({ status: 'scanned', expiresAt: session.expiresAt, loginName: null });
    expect(body(await poll(session.id)).result).toBeNull();

    const confirmed = await phone(CONFIRM, session, PHONE_A);
    expect(confirmed.statusCode).toBe(200);
    const state = body<{ status: string; loginName: string }>(confirmed).result;
    expect(state.status).toBe('confirmed');
    expect(state.loginName).toMatch(/^qr_[0-9a-f]{10}$/);
    expect(await userCount()).toBe(users + 1);

    const token = body<string>(await poll(session.id)).result;
    expect(token).toMatch(/^mya_/);
    const current = await post(t.app, CURRENT, { token });
    expect(body(current).result).toMatchObject({ loginName: state.loginName, roles: ['admin'] });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/base/account_info_api/account',
      headers: bearer(token),
    });
    expect(body(account).result).toMatchObject({ freeCheckAvailable: true, phone: null, balanceFen: 0 });

    const again = await poll(session.id);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ success: false, error: { code: 'QR_USED', message: '二维码已使用，请刷新后重新扫码' } });
  });

  it('signs the same phone into the same account on every later scan, another phone into another', async () => {
    const first = await createSession();
    await phone(CONFIRM, first, PHONE_A);
    const firstToken = body<string>(await poll(first.id)).result;
    const firstUser = body<{ id: string }>(await post(t.app, CURRENT, { token: firstToken })).result.id;
    const users = await userCount();

    const second = await createSession();
    const secondState = body<{ status: string }>(await phone(CONFIRM, second, PHONE_A)).result;
    expect(secondState.status).toBe('confirmed');
    const secondToken = body<string>(await poll(second.id)).result;
    expect(body<{ id: string }>(await post(t.app, CURRENT, { token: secondToken })).result.id).toBe(firstUser);
    expect(await userCount()).toBe(users);

    const third = await createSession();
    await phone(CONFIRM, third, PHONE_B);
    const thirdToken = body<string>(await poll(third.id)).result;
    expect(body<{ id: string }>(await post(t.app, CURRENT, { token: thirdToken })).result.id).not.toBe(firstUser);
    expect(await userCount()).toBe(users + 1);
  });

  it('keeps a confirmed session for the phone that confirmed it and refuses another phone', async () => {
    const session = await createSession();
    await phone(CONFIRM, session, PHONE_A);
    const repeat = await phone(CONFIRM, session, PHONE_A);
    expect(body<{ status: string }>(repeat).result.status).toBe('confirmed');
    const intruder = await expectNoChange(t.db, () => phone(CONFIRM, session, PHONE_B));
    expect(intruder.statusCode).toBe(410);
    expect(body(intruder).error.code).toBe('QR_USED');
  });

  it('answers a wrong secret exactly like an unknown id, and changes nothing', async () => {
    const session = await createSession();
    const wrongSecret = await expectNoChange(t.db, () => phone(SCAN, session, PHONE_A, 'x'.repeat(32)));
    const unknown = await expectNoChange(t.db, () =>
      post(t.app, CONFIRM, { payload: { id: 'no-such-session', secret: session.secret, deviceKey: PHONE_A } }),
    );
    const unknownPoll = await expectNoChange(t.db, () => poll('no-such-session'));
    for (const response of [wrongSecret, unknown, unknownPoll]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
    }
  });

  it('expires after 5 minutes: scan, confirm and poll answer 410 and nothing is created', async () => {
    const session = await createSession();
    await phone(SCAN, session, PHONE_B);
    clock.advance(5 * 60_000 + 1000);
    for (const response of [
      await expectNoChange(t.db, () => phone(CONFIRM, session, 'dk_brand-new-phone-000000')),
      await expectNoChange(t.db, () => phone(SCAN, session, PHONE_B)),
      await expectNoChange(t.db, () => poll(session.id)),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({
        success: false,
        error: { code: 'QR_EXPIRED', message: '二维码已过期，请刷新后重新扫码' },
      });
    }
  });

  it('lets the desktop collect a confirmation made just before expiry', async () => {
    const session = await createSession();
    clock.advance(5 * 60_000 - 1000);
    await phone(CONFIRM, session, PHONE_A);
    clock.advance(3000);
    expect(body<string>(await poll(session.id)).result).toMatch(/^mya_/);
  });

  it.each([
    [{ secret: 's'.repeat(20), deviceKey: PHONE_A }, '请求参数不正确：id 不能为空'],
    [{ id: 'x', deviceKey: PHONE_A }, '请求参数不正确：secret 不能为空'],
    [{ id: 'x', secret: 's'.repeat(20) }, '请求参数不正确：deviceKey 不能为空'],
    [{ id: 'x', secret: 's'.repeat(20), deviceKey: 'short' }, '请求参数不正确：deviceKey 长度不能少于 16'],
    [{ id: 'x', secret: 'short', deviceKey: PHONE_A }, '请求参数不正确：secret 长度不能少于 16'],
    [{ id: 7, secret: 's'.repeat(20), deviceKey: PHONE_A }, '请求参数不正确：id 应为字符串'],
  ])('rejects the phone call %j', async (payload, message) => {
    for (const path of [SCAN, CONFIRM]) {
      const response = await expectNoChange(t.db, () => post(t.app, path, { payload }));
      expect(response.statusCode).toBe(400);
      expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('rejects a poll without an id', async () => {
    const response = await post(t.app, POLL);
    expect(response.statusCode).toBe(400);
    expect(body(response).error.message).toBe('请求参数不正确：query 不能为空');
  });

  it('serves the mobile confirmation page with 确认登录, a device key in localStorage and an escaped id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/m/qr/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E?s=abc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('确认登录');
    expect(response.body).toContain('localStorage');
    expect(response.body).toContain('data-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<script nonce="${nonce}">`);
  });
});
