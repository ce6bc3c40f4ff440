import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { body, createTestApp, type TestApp } from '../test/app';

const CREATE = '/api/base/login_api/f/login_qr_code';

// The QR code must point where a phone can reach this server: PUBLIC_BASE_URL when the operator set
// it, otherwise the address the desktop used (proxy headers only behind TRUST_PROXY).
describe('public URL of QR codes', () => {
  const apps: TestApp[] = [];
  const app = async (overrides: Partial<Config>) => {
    const t = await createTestApp(overrides);
    apps.push(t);
    return t;
  };
  let configured: TestApp;
  let derived: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    configured = await app({ PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' });
    derived = await app({ PUBLIC_BASE_URL: undefined, TRUST_PROXY: false });
    proxied = await app({ PUBLIC_BASE_URL: undefined, TRUST_PROXY: true });
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  const qrCode = async (t: TestApp, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'POST', url: CREATE, headers });
    expect(response.statusCode).toBe(200);
    return body<{ id: string; qrCode: string }>(response).result;
  };
  const origin = async (t: TestApp, headers: Record<string, string>) => new URL((await qrCode(t, headers)).qrCode).origin;

  it('uses PUBLIC_BASE_URL when it is set, whatever the request says', async () => {
    const session = await qrCode(configured, { host: '192.168.1.10:8080', 'x-forwarded-host': 'evil.example' });
    expect(session.qrCode).toMatch(/^https:\/\/moyan\.example\.edu\.cn\/m\/qr\/[A-Za-z0-9_-]{43}$/);
  });

  it('otherwise uses the Host the desktop reached, so a phone on the same LAN can open it', async () => {
    expect(await origin(derived, { host: '192.168.1.10:8080' })).toBe('http://192.168.1.10:8080');
    expect(await origin(derived, { host: 'moyan.lan' })).toBe('http://moyan.lan');
    expect(await origin(derived, { host: '[fd00::1]:8080' })).toBe('http://[fd00::1]:8080');
  });

  it('ignores X-Forwarded-Host and -Proto unless TRUST_PROXY is set', async () => {
    const forwarded = { host: '127.0.0.1:8080', 'x-forwarded-host': 'moyan.example.com', 'x-forwarded-proto': 'https' };
    expect(await origin(derived, forwarded)).toBe('http://127.0.0.1:8080');
    expect(await origin(proxied, forwarded)).toBe('https://moyan.example.com');
  });

  it('never builds a URL from a Host that is not a plain host[:port]', async () => {
    for (const host of ['evil.example/phish?', 'user@evil.example', 'a b', 'evil.example:99999x']) {
      expect(await origin(derived, { host })).toBe(`http://127.0.0.1:${derived.config.PORT}`);
    }
  });
});
