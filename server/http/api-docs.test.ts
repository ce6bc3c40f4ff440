import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { contractPath } from './contract';

// The contract for readers outside the team, without login and without any third-party host.
describe('API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the bundled contract at /api/openapi.json', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(readFileSync(contractPath, 'utf8')));
  });

  it('serves the reference at /api/docs/, loading only this server’s own assets', async () => {
    const redirect = await get('/api/docs');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');

    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('墨研 API 参考');

    const assets = [...page.body.matchAll(/\b(?:src|href)="([^"]*)"/g)].map(([, url]) => url);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = new URL(asset, 'http://moyan.test/api/docs/');
      expect(url.origin, asset).toBe('http://moyan.test');
      const response = await get(url.pathname);
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.body.length).toBeGreaterThan(100_000);
    }
    // The inline script mounts the reference on the contract of this server, named by its path.
    expect(page.body).toMatch(/"url": "\/api\/openapi\.json"/);
    expect(page.body).not.toMatch(/https?:\/\/|cdn\.|jsdelivr|unpkg/);
  });

  it('lets the page run only its own scripts and reach only this origin; other routes keep the strict policy', async () => {
    const page = await get('/api/docs/');
    const policy = parsePolicy(String(page.headers['content-security-policy']));
    const [inline] = [...page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, code]) => code);
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(policy['script-src']).toEqual(["'self'", hash]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    // No host anywhere in the policy: the bundle's links to Scalar's services (fonts, proxy) stay blocked.
    for (const sources of Object.values(policy)) {
      for (const source of sources) expect(source).toMatch(/^('self'|'none'|'unsafe-inline'|'sha256-[A-Za-z0-9+/=]+'|data:|blob:)$/);
    }
    expect(policy['style-src']).toContain("'unsafe-inline'");

    const api = parsePolicy(String((await get('/api/openapi.json')).headers['content-security-policy']));
    expect(api['script-src']).toEqual(["'self'"]);
  });

  it('needs no login', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/', '/api/docs/js/scalar.js']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer mya_expired' } })).statusCode).toBe(200);
    }
  });
});

function parsePolicy(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}
