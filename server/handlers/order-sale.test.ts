import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { openTestDatabase } from '../test/database';
import { expectNoChange } from '../test/snapshot';

const CAPABILITIES = '/api/base/system_api/f/capabilities';
const PACKAGES = '/api/base/product_package_api/query_list';
const CREATE = '/api/order/order_info_api/create_order';
const ORDER = '/api/order/order_info_api/load_by_id';
const ORDERS = '/api/order/order_info_api/query_list';
const NOTIFY = '/api/order/order_info_api/f/sandbox_notify';

const PAYMENT_UNAVAILABLE = { code: 'PAYMENT_UNAVAILABLE', message: '暂未开通在线支付，请联系管理员充值' };

type Created = { id: string; payUrl: string };
type Listed = { records: Array<{ id: string; type: string }>; total: number };

// One database, served by apps started with different settings, as an operator restarts the server.
describe('selling only what works', () => {
  let db: Database;
  const apps: TestApp[] = [];
  const start = async (...args: Parameters<typeof createTestApp>) => {
    const t = await createTestApp(args[0], { ...args[1], db });
    apps.push(t);
    return t;
  };
  let open: TestApp;
  let closed: TestApp;
  let token: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    open = await start({ PAYMENT_SANDBOX: true }, { builtServices: new Set(['check']) });
    closed = await start({ PAYMENT_SANDBOX: false }, { builtServices: new Set(['check']) });
    token = (await signUp(open.app)).token;
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await db.close();
  });

  const order = (t: TestApp, packageId: string) =>
    post(t.app, CREATE, { token, payload: { packageId, payChannel: 'sandbox' } });
  const payToken = (created: Created) => new URL(created.payUrl, 'http://x').searchParams.get('token') ?? '';
  const notify = (t: TestApp, created: Created) =>
    post(t.app, NOTIFY, { payload: { orderId: created.id, token: payToken(created) } });

  it.each([
    [{ HOST: '127.0.0.1', NODE_ENV: 'development' }, true],
    [{ HOST: '0.0.0.0', NODE_ENV: 'development' }, false],
    [{ HOST: '127.0.0.1', NODE_ENV: 'production' }, false],
  ])('by default, a server started with %j takes sandbox orders: %s', async (env, takes) => {
    const t = await start({ PAYMENT_SANDBOX: loadConfig(env).PAYMENT_SANDBOX }, { builtServices: new Set(['check']) });
    const caps = body<{ payment: { available: boolean } }>(await t.app.inject({ method: 'GET', url: CAPABILITIES }));
    expect(caps.result.payment.available).toBe(takes);
    const response = await order(t, 'pkg-recharge-1000');
    expect(response.statusCode).toBe(takes ? 200 : 403);
  });

  it('lists only top-ups and the packages of available services, and refuses to sell the others', async () => {
    const listed = body<Listed>(await post(open.app, PACKAGES, { token, query: { pageSize: 100 } })).result;
    expect(listed.records.map((p) => p.id)).toEqual([
      'pkg-check',
      'pkg-recharge-1000',
      'pkg-recharge-3000',
      'pkg-recharge-5000',
      'pkg-recharge-10000',
      'pkg-recharge-20000',
    ]);
    expect(listed.total).toBe(6);
    const ppt = body<Listed>(await post(open.app, PACKAGES, { token, payload: { type: 'ppt' } })).result;
    expect(ppt).toMatchObject({ records: [], total: 0 });

    const refused = await expectNoChange(db, () => order(open, 'pkg-ppt'));
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toEqual({ code: 'PACKAGE_UNAVAILABLE', message: '该套餐暂不出售：该功能正在建设中' });
    expect((await order(open, 'pkg-check')).statusCode).toBe(200);
  });

  it('sells nothing and creates nothing while no payment channel is open', async () => {
    const listed = body<Listed>(await post(closed.app, PACKAGES, { token, query: { pageSize: 100 } })).result;
    expect(listed).toMatchObject({ records: [], total: 0 });
    for (const packageId of ['pkg-recharge-5000', 'pkg-check', 'pkg-ppt']) {
      const refused = await expectNoChange(db, () => order(closed, packageId));
      expect(refused.statusCode).toBe(403);
      expect(body(refused).error).toEqual(PAYMENT_UNAVAILABLE);
    }
  });

  it('refuses the notification and the pay page of a sandbox order while the sandbox is off, and keeps the order', async () => {
    const created = body<Created>(await order(open, 'pkg-recharge-3000')).result;

    const refused = await expectNoChange(db, () => notify(closed, created));
    expect(refused.statusCode).toBe(403);
    expect(body(refused).error).toEqual(PAYMENT_UNAVAILABLE);
    const page = await closed.app.inject({ method: 'GET', url: created.payUrl });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('沙箱支付未开启');
    expect(page.body).not.toContain('确认支付');

    const loaded = body<{ status: string; payUrl: string | null }>(await post(closed.app, ORDER, { token, query: { id: created.id } }));
    expect(loaded.result).toMatchObject({ status: 'pending', payUrl: null });
    const listed = body<{ records: Array<{ id: string; payUrl: string | null }> }>(await post(closed.app, ORDERS, { token }));
    expect(listed.result.records.find((r) => r.id === created.id)?.payUrl).toBeNull();

    const paid = await notify(open, created);
    expect(paid.statusCode).toBe(200);
    expect(body<{ status: string }>(paid).result.status).toBe('paid');
  });
});
