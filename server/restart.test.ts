import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, freePort, sigkill, type Spawned, spawnScript, waitForHealth } from './test/process';

// The real server process (npm run serve) on a temporary DATA_DIR: what it stored must survive a
// graceful stop (SIGTERM) and a hard kill (SIGKILL).
describe('restart of the real server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-restart-'));
  let server: Spawned | undefined;
  let base = '';

  afterAll(async () => {
    await sigkill(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-spa'),
    };
    delete env.DATABASE_URL;
    server = spawnScript('server/server.ts', env);
    await waitForHealth(base, server.proc, server.output);
  }

  async function stop(signal: NodeJS.Signals): Promise<number | null> {
    const proc = server?.proc;
    if (!proc) throw new Error('not running');
    proc.kill(signal);
    const code = await exited(proc);
    server = undefined;
    return code;
  }

  async function call<T>(path: string, init: { query?: Record<string, string>; body?: unknown; token?: string } = {}) {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method: path.includes('account_info_api/account') ? 'GET' : 'POST',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const json = (await response.json()) as { success: boolean; result: T; error?: unknown };
    if (!json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json.error)}`);
    return json.result;
  }

  const login = async () =>
    (
      await call<{ access_token: string }>('/api/base/login_api/f/login', {
        query: { username: 'restart-user', password: 'Moyan2026!' },
      })
    ).access_token;
  const orders = async (token: string) =>
    (await call<{ records: Array<{ id: string; status: string }> }>('/api/order/order_info_api/query_list', { token }))
      .records;

  it('keeps users, orders and balance across SIGTERM and SIGKILL', async () => {
    await start();
    const { access_token: token } = await call<{ access_token: string }>('/api/base/login_api/f/register', {
      body: { username: 'restart-user', password: 'Moyan2026!' },
    });
    const first = await call<{ id: string; payUrl: string }>('/api/order/order_info_api/create_order', {
      token,
      body: { packageId: 'pkg-recharge-5000', payChannel: 'sandbox' },
    });
    const payToken = new URL(first.payUrl, base).searchParams.get('token');
    await call('/api/order/order_info_api/f/sandbox_notify', { body: { orderId: first.id, token: payToken } });

    expect(await stop('SIGTERM')).toBe(0);
    await start();
    const afterTerm = await login();
    expect(await orders(afterTerm)).toEqual([expect.objectContaining({ id: first.id, status: 'paid' })]);
    expect((await call<{ balanceFen: number }>('/api/base/account_info_api/account', { token: afterTerm })).balanceFen).toBe(
      5200,
    );
    expect((await call<{ loginName: string }>('/api/base/login_api/current', { token })).loginName).toBe('restart-user');

    const second = await call<{ id: string }>('/api/order/order_info_api/create_order', {
      token: afterTerm,
      body: { packageId: 'pkg-check', payChannel: 'sandbox' },
    });
    await stop('SIGKILL');
    await start();
    const afterKill = await login();
    const ids = (await orders(afterKill)).map((o) => o.id).sort();
    expect(ids).toEqual([first.id, second.id].sort());
    expect((await call<{ balanceFen: number }>('/api/base/account_info_api/account', { token: afterKill })).balanceFen).toBe(
      5200,
    );
    expect(await stop('SIGTERM')).toBe(0);
  }, 180_000);
});
