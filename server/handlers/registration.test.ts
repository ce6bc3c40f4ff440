import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, type TestApp } from '../test/app';
import { desktopQr, phoneCall } from '../test/qr';
import { expectNoChange } from '../test/snapshot';

const REGISTER = '/api/base/login_api/f/register';

const CLOSED = {
  success: false,
  error: { code: 'REGISTRATION_CLOSED', message: '本站暂未开放注册，请联系管理员开通账号；已有账号可直接登录' },
};

describe('REGISTRATION=closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REGISTRATION: 'closed' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function confirmWith(deviceKey: string) {
    const desktop = await desktopQr(t.app);
    return { desktop, confirm: () => phoneCall(t.app, 'qr_confirm', desktop.session.qrCode, { deviceKey }) };
  }

  it('refuses the register call with 403 and stores nothing', async () => {
    const response = await expectNoChange(t.db, () =>
      post(t.app, REGISTER, { payload: { username: 'newcomer', password: 'Moyan2026!' } }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CLOSED);
  });

  it('refuses a QR sign-up from a new phone, and still signs an existing QR account in', async () => {
    const { confirm } = await confirmWith('dk_closed-new-phone-0000001');
    const refused = await confirm();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CLOSED);
    expect((await t.db.sql('select id from users')).length).toBe(0);

    // An account the phone made while registration was open.
    await t.db.sql(
      "insert into users (id, username, device_key_hash, qr_signup) values ('u-existing', 'qr_existing01', encode(sha256('device:dk_closed-old-phone-0000001'::bytea), 'hex'), true)",
    );
    const existing = await confirmWith('dk_closed-old-phone-0000001');
    expect((await existing.confirm()).statusCode).toBe(200);
    const token = body<string>(await existing.desktop.poll()).result;
    expect(token).toMatch(/^mya_/);
  });
});
