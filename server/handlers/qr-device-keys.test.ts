import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, type TestApp } from '../test/app';
import { qrSignIn } from '../test/qr';

const CURRENT = '/api/base/login_api/current';

// A phone's identity is a key the server issued, not one the phone (or a script) chose.
describe('device keys of QR phones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const userOf = async (token: string) => body<{ id: string }>(await post(t.app, CURRENT, { token })).result.id;

  it('never adopts a key the phone made up: two phones sending aaaaaaaaaaaaaaaa get two accounts and two issued keys', async () => {
    const first = await qrSignIn(t.app, { deviceKey: 'aaaaaaaaaaaaaaaa' });
    const second = await qrSignIn(t.app, { deviceKey: 'aaaaaaaaaaaaaaaa' });
    expect(await userOf(first.token)).not.toBe(await userOf(second.token));
    for (const { deviceKey } of [first, second]) {
      expect(deviceKey).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    }
    expect(first.deviceKey).not.toBe(second.deviceKey);
    const stored = await t.db.sql<{ h: string }>('select device_key_hash as h from users where device_key_hash is not null');
    expect(stored.map((row) => row.h).join()).not.toContain(first.deviceKey.slice(3));
  });

  it('issues a new key on every confirmation; the next scan with it is the same account, the spent key is not', async () => {
    const first = await qrSignIn(t.app);
    const owner = await userOf(first.token);
    const second = await qrSignIn(t.app, { deviceKey: first.deviceKey });
    expect(await userOf(second.token)).toBe(owner);
    expect(second.deviceKey).not.toBe(first.deviceKey);
    const third = await qrSignIn(t.app, { deviceKey: second.deviceKey });
    expect(await userOf(third.token)).toBe(owner);

    // Someone who copied a spent key gets a new, empty account of their own, never the owner's.
    const replay = await qrSignIn(t.app, { deviceKey: first.deviceKey });
    expect(await userOf(replay.token)).not.toBe(owner);
    expect(replay.loginName).not.toBe(first.loginName);
    expect(await userOf((await qrSignIn(t.app, { deviceKey: third.deviceKey })).token)).toBe(owner);
  });
});
