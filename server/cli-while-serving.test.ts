import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Spawned, spawnScript, stopProcess, waitForHealth } from './test/process';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

// The real server (npm run serve) holds the embedded database in a temporary DATA_DIR; operator
// commands run as separate processes meanwhile, through the server's local socket, and what they
// change is what the server then answers over HTTP.
describe('CLI commands while the server runs on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-live-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  let server: Spawned | undefined;
  let base = '';
  let metricsUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = spawnScript('server/server.ts', {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      STATIC_DIR: join(dataDir, 'no-spa'),
      JOBS_IN_PROCESS: 'false',
    });
    await waitForHealth(base, server.proc, server.output);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopProcess(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run cli -- ...args`; resolves with stdout, or with the failure's stderr and exit code. */
  async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });
      return { code: 0, out: stdout, err: stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout, err: failed.stderr };
    }
  }

  async function call<T>(path: string, init: { query?: Record<string, string>; token?: string; get?: boolean } = {}) {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method: init.get ? 'GET' : 'POST',
      headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; result: T } };
  }
  const login = async (password: string) =>
    (await call<{ access_token: string }>('/api/base/login_api/f/login', { query: { username: 'live-op', password } })).body;

  it('serves Prometheus metrics on METRICS_PORT and not on the API port', async () => {
    await fetch(`${base}/api/health`);
    const scrape = await (await fetch(metricsUrl)).text();
    expect(scrape).toMatch(/^moyan_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/m);
    expect(scrape).toMatch(/^moyan_library_documents 0$/m);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('serves the socket only to the owner of DATA_DIR', () => {
    expect(statSync(join(dataDir, 'socket')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'socket', '.s.PGSQL.5432')).mode & 0o777).toBe(0o600);
  });

  it('creates, lists and credits a user while HTTP requests keep being answered', async () => {
    let health = 0;
    let stop = false;
    const healthLoop = (async () => {
      while (!stop) {
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        health++;
      }
    })();
    try {
      expect(await cli('user', 'create', '--username', 'live-op', '--password', 'Moyan2026!', '--phone', '13700000001')).toMatchObject({
        code: 0,
        out: expect.stringContaining('已创建用户 live-op'),
      });
      const listed = JSON.parse((await cli('user', 'list', '--json')).out) as { total: number; users: Array<Record<string, unknown>> };
      expect(listed.total).toBe(1);
      expect(listed.users[0]).toMatchObject({ username: 'live-op', phone: '13700000001', balanceFen: 0, freeCheck: 'none' });
      expect((await cli('user', 'credit', '--username', 'live-op', '--fen', '1234', '--reason', '线下转账补录')).out).toContain(
        '已为 live-op 赠送 12.34 元，当前余额 12.34 元',
      );
    } finally {
      stop = true;
      await healthLoop;
    }
    expect(health).toBeGreaterThan(0);

    const token = (await login('Moyan2026!')).result.access_token;
    const account = await call<{ balanceFen: number }>('/api/base/account_info_api/account', { token, get: true });
    expect(account.body.result.balanceFen).toBe(1234);
    const ledger = await call<{ records: Array<{ kind: string; amountFen: number; note: string }> }>(
      '/api/base/account_info_api/ledger',
      { token },
    );
    expect(ledger.body.result.records).toEqual([expect.objectContaining({ kind: 'grant', amountFen: 1234, note: '线下转账补录' })]);
  }, 180_000);

  it('refuses a deduction below zero with a clear message and exit code 1, and deducts what the balance covers', async () => {
    const refused = await cli('user', 'credit', '--username', 'live-op', '--fen', '-2000', '--reason', '扣回');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('余额只有 1234 分，不能扣减 2000 分（余额不能为负）');
    expect((await cli('user', 'credit', '--username', 'live-op', '--fen', '-234', '--reason', '扣回多充')).out).toContain(
      '当前余额 10.00 元',
    );
  }, 120_000);

  it('resets the password: the printed one signs in, the old token is revoked within a second', async () => {
    const oldToken = (await login('Moyan2026!')).result.access_token;
    // The server now holds the token in its cache (AUTH_CACHE_TTL_MS); the CLI's revocation must still
    // reach it within one second of the command finishing.
    expect((await call('/api/base/login_api/current', { token: oldToken })).status).toBe(200);
    const reset = await cli('user', 'reset-password', '--username', 'live-op');
    const finished = performance.now();
    expect(reset.code).toBe(0);
    const password = /新密码：(\S+)/.exec(reset.out)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    let status = 200;
    while (status === 200 && performance.now() - finished < 3000) {
      status = (await call('/api/base/login_api/current', { token: oldToken })).status;
    }
    expect(status).toBe(401);
    expect(performance.now() - finished).toBeLessThan(1250);
    expect((await login(password)).success).toBe(true);
    expect((await cli('db', 'migrate')).out).toMatch(/数据库（pglite）已是最新：共 \d+ 个迁移/);
  }, 120_000);

  it('backs up while the server answers, refuses to restore over the live directory, restores into a fresh one', async () => {
    const file = join(dataDir, 'moyan.backup.gz');
    let health = 0;
    let stop = false;
    const healthLoop = (async () => {
      while (!stop) {
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        health++;
      }
    })();
    try {
      expect(await cli('db', 'backup', file)).toMatchObject({ code: 0, out: expect.stringMatching(/已备份到 .*：\d+ 张表，\d+ 行/) });
    } finally {
      stop = true;
      await healthLoop;
    }
    expect(health).toBeGreaterThan(0);

    const live = await cli('db', 'restore', file, '--force');
    expect(live.code).toBe(1);
    expect(live.err).toMatch(/正被进程 \d+ 使用：请先停止服务再恢复/);

    const fresh = join(dataDir, 'restored');
    const restored = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'db', 'restore', file], {
      cwd: root,
      env: { ...env, DATA_DIR: fresh },
    });
    expect(restored.stdout).toContain(`恢复到 ${fresh}`);
    const listed = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'user', 'list', '--json'], {
      cwd: root,
      env: { ...env, DATA_DIR: fresh },
    });
    expect((JSON.parse(listed.stdout) as { users: Array<Record<string, unknown>> }).users).toEqual([
      expect.objectContaining({ username: 'live-op', balanceFen: 1000 }),
    ]);
  }, 180_000);
});
