import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { SERVICES } from '../services/system/capabilities';
import { testClock } from '../test/clock';
import { expectNoChange } from '../test/snapshot';

const PACKAGES = '/api/base/product_package_api/query_list';
const PACKAGE = '/api/base/product_package_api/load_by_id';
const CREATE = '/api/order/order_info_api/create_order';
const ORDER = '/api/order/order_info_api/load_by_id';
const ORDERS = '/api/order/order_info_api/query_list';
const NOTIFY = '/api/order/order_info_api/f/sandbox_notify';
const LEDGER = '/api/base/account_info_api/ledger';
const ACCOUNT = '/api/base/account_info_api/account';

interface Created {
  id: string;
  orderNo: string;
  status: string;
  amountFen: number;
  payUrl: string;
  expiresAt: string;
}

describe('packages, orders, sandbox payment and the ledger', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const clock = testClock();
  beforeAll(async () => {
    // Every service offered, so every package is on sale (order-sale.test.ts covers what is not).
    // Every service built and a model named (never called), so every package is for sale.
    t = await createTestApp(
      { MAX_PENDING_ORDERS: 4, LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'moyan-fake' },
      { now: clock.now, builtServices: new Set(SERVICES) },
    );
    token = (await signUp(t.app)).token;
    otherToken = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const createOrder = (packageId: string, as = token) =>
    post(t.app, CREATE, { token: as, payload: { packageId, payChannel: 'sandbox' } });
  const payToken = (order: Created) => new URL(order.payUrl, 'http://x').searchParams.get('token') ?? '';
  const notify = (order: Created, tokenValue = payToken(order)) =>
    post(t.app, NOTIFY, { payload: { orderId: order.id, token: tokenValue } });
  const balance = async (as = token) =>
    body<{ balanceFen: number }>(await t.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(as) }))
      .result.balanceFen;

  it('lists the seeded packages in order, filters by type and pages', async () => {
    const all = body<{ records: Array<{ id: string; type: string }>; total: number }>(
      await post(t.app, PACKAGES, { token, query: { pageSize: 20 } }),
    ).result;
    expect(all.total).toBe(10);
    expect(all.records.map((p) => p.id)).toEqual([
      'pkg-check',
      'pkg-rewrite',
      'pkg-aigc',
      'pkg-paper',
      'pkg-ppt',
      'pkg-recharge-1000',
      'pkg-recharge-3000',
      'pkg-recharge-5000',
      'pkg-recharge-10000',
      'pkg-recharge-20000',
    ]);
    const recharge = body<{ records: Array<{ type: string }>; total: number; pageNo: number; pageSize: number }>(
      await post(t.app, PACKAGES, { token, query: { pageNo: 2, pageSize: 2 }, payload: { type: 'recharge' } }),
    ).result;
    expect(recharge.total).toBe(5);
    expect(recharge).toMatchObject({ pageNo: 2, pageSize: 2 });
    expect(recharge.records).toHaveLength(2);
    expect(recharge.records.every((p) => p.type === 'recharge')).toBe(true);
    const defaults = body<{ pageNo: number; pageSize: number }>(await post(t.app, PACKAGES, { token })).result;
    expect(defaults).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it.each([
    [{ pageSize: 101 }, undefined, '请求参数不正确：pageSize 不能大于 100'],
    [{ pageSize: 0 }, undefined, '请求参数不正确：pageSize 不能小于 1'],
    [{ pageNo: 'abc' }, undefined, '请求参数不正确：pageNo 应为整数'],
    [{}, { type: 'vip' }, '请求参数不正确：type 应为以下值之一：check、rewrite、aigc、paper、ppt、recharge'],
  ])('rejects package list query %j body %j', async (query, payload, message) => {
    const response = await post(t.app, PACKAGES, { token, query, payload });
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('loads one package, and answers 404 for an unknown one', async () => {
    const pkg = body<Record<string, unknown>>(await post(t.app, PACKAGE, { token, query: { id: 'pkg-check' } })).result;
    expect(pkg).toMatchObject({ id: 'pkg-check', name: '查重套餐', type: 'check', priceFen: 2990, creditFen: 3500 });
    const unknown = await post(t.app, PACKAGE, { token, query: { id: 'pkg-nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
    expect((await post(t.app, PACKAGE, { token })).statusCode).toBe(400);
    expect((await post(t.app, PACKAGE, { query: { id: 'pkg-check' } })).statusCode).toBe(401);
  });

  it('creates a pending order, pays it on the sandbox page and credits the balance once', async () => {
    const response = await createOrder('pkg-recharge-5000');
    expect(response.statusCode).toBe(200);
    const order = body<Created>(response).result;
    expect(order).toMatchObject({ status: 'pending', amountFen: 5000 });
    expect(order.orderNo).toMatch(/^MY\d{20}$/);
    expect(order.payUrl).toMatch(new RegExp(`^/pay/sandbox/${order.id}\\?token=[A-Za-z0-9_-]{43}$`));
    expect(new Date(order.expiresAt).getTime() - clock.now().getTime()).toBe(30 * 60_000);

    const page = await t.app.inject({ method: 'GET', url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('沙箱支付');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('¥50.00');
    expect(page.body).toContain('¥52.00');
    expect(page.body).toContain(order.orderNo);

    const paid = await notify(order);
    expect(paid.statusCode).toBe(200);
    expect(body(paid).result).toMatchObject({ id: order.id, status: 'paid', creditFen: 5200, packageType: 'recharge' });
    expect(await balance()).toBe(5200);

    const again = await expectNoChange(t.db, () => notify(order));
    expect(again.statusCode).toBe(200);
    expect(body(again).result).toMatchObject({ status: 'paid' });
    expect(await balance()).toBe(5200);

    const loaded = body<{ status: string; paidAt: string }>(await post(t.app, ORDER, { token, query: { id: order.id } }));
    expect(loaded.result.status).toBe('paid');
    expect(loaded.result.paidAt).toBeTruthy();
    const paidPage = await t.app.inject({ method: 'GET', url: order.payUrl });
    expect(paidPage.body).toContain('订单已支付，无需支付');
  });

  it('gives a pending order its pay link again in load and list, and none once paid', async () => {
    const buyer = (await signUp(t.app)).token;
    const order = body<Created>(await createOrder('pkg-recharge-1000', buyer)).result;
    const payUrlOf = async () => ({
      loaded: body<{ payUrl: string | null }>(await post(t.app, ORDER, { token: buyer, query: { id: order.id } })).result.payUrl,
      listed: body<{ records: Array<{ id: string; payUrl: string | null }> }>(await post(t.app, ORDERS, { token: buyer }))
        .result.records.find((record) => record.id === order.id)?.payUrl,
    });
    expect(await payUrlOf()).toEqual({ loaded: order.payUrl, listed: order.payUrl });
    expect(body<{ payUrl: string | null }>(await notify(order)).result.payUrl).toBeNull();
    expect(await payUrlOf()).toEqual({ loaded: null, listed: null });
  });

  it('credits exactly once when notifications arrive together', async () => {
    const order = body<Created>(await createOrder('pkg-recharge-1000')).result;
    const before = await balance();
    const responses = await Promise.all(Array.from({ length: 6 }, () => notify(order)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balance()).toBe(before + 1000);
    const entries = await t.db.sql('select id from ledger_entries where order_id = $1', [order.id]);
    expect(entries).toHaveLength(1);
  });

  it('refuses a wrong pay token, an unknown order and malformed notifications without changing anything', async () => {
    const order = body<Created>(await createOrder('pkg-recharge-3000')).result;
    const forged = await expectNoChange(t.db, () => notify(order, 'A'.repeat(43)));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ success: false, error: { code: 'BAD_PAYMENT_TOKEN', message: '支付凭证无效' } });
    const otherOrdersToken = await expectNoChange(t.db, () =>
      post(t.app, NOTIFY, { payload: { orderId: 'not-an-order', token: payToken(order) } }),
    );
    expect(otherOrdersToken.statusCode).toBe(404);
    const shortToken = await expectNoChange(t.db, () => notify(order, 'short'));
    expect(shortToken.statusCode).toBe(400);
    expect(body(shortToken).error.message).toBe('请求参数不正确：token 长度不能少于 16');
    const forgedPage = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.id}?token=${'A'.repeat(43)}` });
    expect(forgedPage.statusCode).toBe(403);
    expect(forgedPage.body).toContain('支付链接无效');
  });

  it.each([
    [{ payChannel: 'sandbox' }, '请求参数不正确：packageId 不能为空'],
    [{ packageId: 'pkg-check' }, '请求参数不正确：payChannel 不能为空'],
    [{ packageId: 'pkg-check', payChannel: 'unionpay' }, '请求参数不正确：payChannel 应为以下值之一：wechat、alipay、sandbox'],
    [{ packageId: 42, payChannel: 'sandbox' }, '请求参数不正确：packageId 应为字符串'],
    [{ packageId: '', payChannel: 'sandbox' }, '请求参数不正确：packageId 不能为空'],
  ])('rejects order %j and stores nothing', async (payload, message) => {
    const response = await expectNoChange(t.db, () => post(t.app, CREATE, { token, payload }));
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it.each(['wechat', 'alipay'])('refuses %s while its merchant settings are absent, and stores nothing', async (payChannel) => {
    const response = await expectNoChange(t.db, () => post(t.app, CREATE, { token, payload: { packageId: 'pkg-check', payChannel } }));
    expect(response.statusCode).toBe(403);
    expect(body(response).error.code).toBe('PAYMENT_UNAVAILABLE');
  });

  it('refuses an unknown package and an anonymous buyer', async () => {
    const unknown = await expectNoChange(t.db, () => createOrder('pkg-gold'));
    expect(unknown.statusCode).toBe(404);
    const anonymous = await expectNoChange(t.db, () =>
      post(t.app, CREATE, { payload: { packageId: 'pkg-check', payChannel: 'sandbox' } }),
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('hides other users’ orders: load answers 404, lists leave them out', async () => {
    const mine = body<Created>(await createOrder('pkg-ppt')).result;
    const theirs = await post(t.app, ORDER, { token: otherToken, query: { id: mine.id } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
    expect((await post(t.app, ORDER, { token, query: { id: 'no-such-order' } })).statusCode).toBe(404);
    const list = body<{ total: number }>(await post(t.app, ORDERS, { token: otherToken })).result;
    expect(list.total).toBe(0);
  });

  it('closes unpaid orders after 30 minutes: payment is refused and the order shows closed', async () => {
    const order = body<Created>(await createOrder('pkg-check')).result;
    clock.advance(30 * 60_000 + 1000);
    const late = await notify(order);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, error: { code: 'ORDER_CLOSED', message: '订单已超时关闭，请重新下单' } });
    const loaded = body<{ status: string }>(await post(t.app, ORDER, { token, query: { id: order.id } })).result;
    expect(loaded.status).toBe('closed');
    const [{ n }] = await t.db.sql<{ n: number }>('select count(*)::int as n from ledger_entries where order_id = $1', [
      order.id,
    ]);
    expect(n).toBe(0);
  });

  it('limits unpaid orders per user', async () => {
    const fresh = (await signUp(t.app)).token;
    for (let i = 0; i < 4; i++) expect((await createOrder('pkg-check', fresh)).statusCode).toBe(200);
    const fifth = await expectNoChange(t.db, () => createOrder('pkg-check', fresh));
    expect(fifth.statusCode).toBe(409);
    expect(body(fifth).error).toEqual({
      code: 'TOO_MANY_PENDING_ORDERS',
      message: '待支付订单过多，请先完成或等待已有订单关闭',
    });
  });

  it('holds the unpaid-order limit when orders arrive together', async () => {
    const fresh = (await signUp(t.app)).token;
    const responses = await Promise.all(Array.from({ length: 8 }, () => createOrder('pkg-recharge-1000', fresh)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 409, 409, 409, 409]);
    const list = body<{ total: number }>(await post(t.app, ORDERS, { token: fresh })).result;
    expect(list.total).toBe(4);
  });

  it('lists my orders newest first and by status', async () => {
    const all = body<{ records: Array<{ status: string; createdAt: string }>; total: number }>(
      await post(t.app, ORDERS, { token, query: { pageSize: 50 } }),
    ).result;
    expect(all.total).toBe(all.records.length);
    const times = all.records.map((r) => new Date(r.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const paid = body<{ records: Array<{ status: string }> }>(
      await post(t.app, ORDERS, { token, payload: { status: 'paid' } }),
    ).result;
    expect(paid.records.length).toBe(2);
    expect(paid.records.every((r) => r.status === 'paid')).toBe(true);
  });

  it('shows the ledger newest first with running balances that match the balance', async () => {
    const ledger = body<{
      records: Array<{ kind: string; amountFen: number; balanceAfterFen: number; orderId: string | null }>;
      total: number;
      balanceFen: number;
    }>(await post(t.app, LEDGER, { token })).result;
    expect(ledger.total).toBe(2);
    expect(ledger.records.map((r) => [r.kind, r.amountFen, r.balanceAfterFen])).toEqual([
      ['recharge', 1000, 6200],
      ['recharge', 5200, 5200],
    ]);
    expect(ledger.balanceFen).toBe(6200);
    expect(await balance()).toBe(6200);
    const account = body<{ totalRechargeFen: number; totalSpentFen: number }>(
      await t.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) }),
    ).result;
    expect(account).toMatchObject({ totalRechargeFen: 6200, totalSpentFen: 0 });
  });
});
