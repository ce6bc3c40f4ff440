import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/database';
import { testConfig, testRuntime } from '../test/app';
import type { Database } from '../db/client';
import type { FastifyInstance } from 'fastify';

describe('serving the built SPA next to the API', () => {
  const dist = mkdtempSync(join(tmpdir(), 'moyan-dist-'));
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">墨研</div>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    db = await openTestDatabase();
    app = await buildApp({ runtime: testRuntime(db, { config: testConfig({ STATIC_DIR: dist }) }), serveSpa: true });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files as they are and index.html for client-side routes', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const url of ['/', '/order/account', '/papercheck/check?x=1']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('墨研');
    }
  });

  it('keeps API, QR and pay paths as JSON 404s, and non-GET requests too', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/pay/nothing/else/here'],
      ['POST', '/order/account'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '接口不存在' } });
    }
  });
});
