import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { desktopQr, phoneCall, type DesktopQr } from '../test/qr';

const POLL = '/api/base/login_api/f/val_login_qr_code';

/** Everything a photo of the QR code gives away: the whole URL, each path segment, each query value. */
function partsOf(qrCode: string): string[] {
  const url = new URL(qrCode);
  return [qrCode, ...url.pathname.split('/').filter(Boolean), ...url.searchParams.values()];
}

// Someone who sees the QR code (over a shoulder, in a screen share, in a photo) polls with whatever it
// carries, from their own browser, before and after the phone confirms.
describe('QR takeover: a third party who saw the code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function strangerPolls(desktop: DesktopQr) {
    const answers = [];
    for (const query of partsOf(desktop.session.qrCode)) {
      answers.push(await t.app.inject({ method: 'POST', url: POLL, query: { query }, remoteAddress: '198.51.100.66' }));
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: POLL,
          query: { query },
          remoteAddress: '198.51.100.66',
          cookies: { moyan_device: 'stranger-device-cookie-0000000000' },
        }),
      );
    }
    return answers;
  }

  it('never receives the token, and the desktop that asked for the code still signs in', async () => {
    const desktop = await desktopQr(t.app);
    const before = await strangerPolls(desktop);

    const confirmed = await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode);
    expect(confirmed.statusCode).toBe(200);

    const after = await strangerPolls(desktop);
    for (const answer of [...before, ...after]) {
      expect(answer.statusCode).not.toBe(200);
      expect(answer.json()).toMatchObject({ success: false });
    }

    const own = await desktop.poll();
    expect(own.statusCode).toBe(200);
    expect(own.json().result).toMatch(/^mya_/);
  });

  it('cannot collect the token with the session id either, from another browser', async () => {
    const desktop = await desktopQr(t.app);
    await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode);
    const stranger = await t.app.inject({
      method: 'POST',
      url: POLL,
      query: { query: desktop.session.id },
      remoteAddress: desktop.address,
      cookies: { moyan_device: 'stranger-device-cookie-0000000000' },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
    expect((await desktop.poll()).json().result).toMatch(/^mya_/);
  });
});
