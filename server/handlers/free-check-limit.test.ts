import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { desktopQr, phoneCall } from '../test/qr';

const ACCOUNT = '/api/base/account_info_api/account';

interface Signup {
  desktopAddress: string;
  phoneAddress?: string;
  /** The desktop browser's device cookie from an earlier sign-up; a script sends none. */
  desktopDevice?: string;
}

interface Account {
  freeCheckAvailable: boolean;
  freeCheckNotice: string | null;
}

const ADDRESS_NOTICE = '当前网络今日领取首次免费查重的次数已达上限，该账号未获赠免费查重';
const DEVICE_NOTICE = '本设备今日已领取过首次免费查重，该账号未获赠免费查重';

// FREE_CHECKS_PER_IP_PER_DAY=3 and FREE_CHECKS_PER_DEVICE_PER_DAY=1: scripted QR sign-ups from one
// address stop getting the free check after three; one browser gets it for one account a day.
describe('free check limits per device and per address', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({ FREE_CHECKS_PER_DEVICE_PER_DAY: 1, FREE_CHECKS_PER_IP_PER_DAY: 3 }, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  /** One whole QR sign-up with a brand-new phone; returns the account and the desktop's device cookie. */
  async function qrSignup(signup: Signup): Promise<{ account: Account; desktopDevice: string }> {
    const desktop = await desktopQr(t.app, { address: signup.desktopAddress, deviceCookie: signup.desktopDevice });
    const confirmed = await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode, {
      address: signup.phoneAddress ?? signup.desktopAddress,
    });
    expect(confirmed.statusCode).toBe(200);
    const token = body<string>(await desktop.poll()).result;
    const account = body<Account>(await t.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) })).result;
    return { account, desktopDevice: desktop.deviceCookie };
  }

  it('gives the free check to only 3 of 6 scripted sign-ups from one address, and says why to the others', async () => {
    const accounts: Account[] = [];
    for (let i = 0; i < 6; i++) accounts.push((await qrSignup({ desktopAddress: '203.0.113.50' })).account);
    expect(accounts.map((a) => a.freeCheckAvailable)).toEqual([true, true, true, false, false, false]);
    expect(accounts.map((a) => a.freeCheckNotice)).toEqual([null, null, null, ADDRESS_NOTICE, ADDRESS_NOTICE, ADDRESS_NOTICE]);
  });

  it('counts the phone’s address too', async () => {
    const { account } = await qrSignup({ desktopAddress: '192.0.2.1', phoneAddress: '203.0.113.50' });
    expect(account).toEqual(expect.objectContaining({ freeCheckAvailable: false, freeCheckNotice: ADDRESS_NOTICE }));
  });

  it('gives a second account signed up in the same browser no free check, whatever the address', async () => {
    const first = await qrSignup({ desktopAddress: '192.0.2.10' });
    expect(first.account.freeCheckAvailable).toBe(true);
    expect(first.desktopDevice).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const second = await qrSignup({ desktopAddress: '192.0.2.11', desktopDevice: first.desktopDevice });
    expect(second.account).toEqual(expect.objectContaining({ freeCheckAvailable: false, freeCheckNotice: DEVICE_NOTICE }));
  });

  it('counts an IPv6 sign-up by its /64, so rotating addresses inside one network does not help', async () => {
    const results: boolean[] = [];
    for (let i = 1; i <= 4; i++) {
      results.push((await qrSignup({ desktopAddress: `2001:db8:1:2::${i.toString(16)}` })).account.freeCheckAvailable);
    }
    expect(results).toEqual([true, true, true, false]);
  });

  it('gives the address its allowance again after a day, and keeps grants no longer than two days', async () => {
    clock.advance(24 * 3600_000 + 1000);
    expect((await qrSignup({ desktopAddress: '203.0.113.50' })).account.freeCheckAvailable).toBe(true);
    clock.advance(24 * 3600_000 + 1000);
    await qrSignup({ desktopAddress: '198.51.100.99' });
    const [old] = await t.db.sql<{ n: number }>('select count(*)::int as n from free_check_grants where created_at < $1', [
      new Date(clock.now().getTime() - 2 * 24 * 3600_000).toISOString(),
    ]);
    expect(old.n).toBe(0);
  });

  it('stores devices and addresses only as hashes', async () => {
    const rows = await t.db.sql<{ identity_hash: string }>('select identity_hash from free_check_grants');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identity_hash).toMatch(/^[0-9a-f]{64}$/);
    const sessions = await t.db.sql<{ a: string | null }>('select requester_address_hash as a from qr_sessions');
    for (const row of sessions) expect(row.a).toMatch(/^[0-9a-f]{64}$/);
  });
});
