import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../services/free-uses/limits';
import { type PaymentProviders, paymentProviders } from '../services/payments/providers';
import { reconcile } from '../services/orders/reconcile';
import { refundOrder, settleRefund } from '../services/orders/refunds';
import { syncPayments } from '../services/orders/sync';
import { bearer, body, post, signUp } from '../test/app';
import { depsFor } from '../test/fixtures';
import { type PaymentTestApp, createPaymentTestApp } from '../test/payments';
import { expectNoChange } from '../test/snapshot';

const CREATE = '/api/order/order_info_api/create_order';
const ORDER = '/api/order/order_info_api/load_by_id';
const SYNC = '/api/order/order_info_api/sync';
const ACCOUNT = '/api/base/account_info_api/account';
const CAPABILITIES = '/api/base/system_api/f/capabilities';

interface Created {
  id: string;
  orderNo: string;
  status: string;
  amountFen: number;
  payChannel: string;
  payUrl: string | null;
  qrCode: string | null;
}

const CHANNELS = [
  { channel: 'wechat', qr: /^weixin:\/\/wxpay\/bizpayurl\?pr=/, accepted: { status: 204, answer: '' }, refused: { status: 500 } },
  { channel: 'alipay', qr: /^https:\/\/qr\.alipay\.com\//, accepted: { status: 200, answer: 'success' }, refused: { status: 400 } },
] as const;

describe('buying through WeChat Pay and Alipay (the fake providers)', () => {
  let t: PaymentTestApp;
  let providers: PaymentProviders;
  let token: string;
  beforeAll(async () => {
    t = await createPaymentTestApp({ PAYMENT_TIMEOUT_MS: 1500 });
    providers = await paymentProviders(t.db, t.config);
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const fakeOf = (channel: string) => (channel === 'wechat' ? t.fake.wechat : t.fake.alipay);
  const buy = async (channel: string, packageId = 'pkg-recharge-3000', as = token) => {
    const response = await post(t.app, CREATE, { token: as, payload: { packageId, payChannel: channel } });
    expect(response.statusCode, response.body).toBe(200);
    return body<Created>(response).result;
  };
  const balance = async (as = token) =>
    body<{ balanceFen: number }>(await t.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(as) })).result.balanceFen;
  const orderOf = async (id: string, as = token) => body<Created & { paidAt: string | null }>(await post(t.app, ORDER, { token: as, query: { id } })).result;
  const credits = async (orderId: string) =>
    (await t.db.sql<{ n: number }>("select count(*)::int as n from ledger_entries where order_id = $1 and kind = 'recharge'", [orderId]))[0].n;
  const sync = () => syncPayments({ ...depsFor(t.db), config: { ...t.config, PAYMENT_SYNC_SECONDS: 0 } }, providers, t.app.log);

  it('offers both channels once configured, before the sandbox', async () => {
    const caps = body<{ payment: { available: boolean; channels: string[] } }>(await t.app.inject({ method: 'GET', url: CAPABILITIES })).result;
    expect(caps.payment).toMatchObject({ available: true, channels: ['wechat', 'alipay'] });
  });

  it.each(CHANNELS)('$channel: QR code, payment, duplicate notification credited once', async ({ channel, qr, accepted }) => {
    const { token: buyer } = await signUp(t.app);
    const order = await buy(channel, 'pkg-recharge-3000', buyer);
    expect(order).toMatchObject({ status: 'pending', amountFen: 3000, payChannel: channel, payUrl: null });
    expect(order.qrCode).toMatch(qr);
    expect(await orderOf(order.id, buyer)).toMatchObject({ status: 'pending', qrCode: order.qrCode });

    fakeOf(channel).script('notify:duplicate');
    const deliveries = await fakeOf(channel).pay(order.orderNo);
    expect(deliveries.map((d) => [d.variant, d.status, d.answer])).toEqual([
      ['normal', accepted.status, accepted.answer],
      ['duplicate', accepted.status, accepted.answer],
    ]);
    const paid = await orderOf(order.id, buyer);
    expect(paid).toMatchObject({ status: 'paid', qrCode: null });
    expect(paid.paidAt).not.toBeNull();
    expect(await balance(buyer)).toBe(3000);
    expect(await credits(order.id)).toBe(1);
  });

  it.each(CHANNELS)('$channel: a forged notification is refused and credits nothing, also after the query job', async ({ channel, refused }) => {
    const order = await buy(channel);
    const before = await balance();
    fakeOf(channel).script('notify:forged');
    const [delivery] = await fakeOf(channel).pay(order.orderNo);
    expect(delivery).toMatchObject({ variant: 'forged', status: refused.status });
    expect((await orderOf(order.id)).status).toBe('pending');
    await sync();
    expect((await orderOf(order.id)).status).toBe('pending');
    expect(await balance()).toBe(before);
    expect(await credits(order.id)).toBe(0);
  });

  it.each(CHANNELS)('$channel: a tampered notification is refused; the real payment is then found by the query job', async ({ channel, refused }) => {
    const order = await buy(channel);
    const before = await balance();
    fakeOf(channel).script('notify:tampered');
    const [delivery] = await fakeOf(channel).pay(order.orderNo);
    expect(delivery).toMatchObject({ variant: 'tampered', status: refused.status });
    expect(await balance()).toBe(before);
    await sync();
    expect((await orderOf(order.id)).status).toBe('paid');
    expect(await balance()).toBe(before + 3000);
    expect(await credits(order.id)).toBe(1);
  });

  it('refuses a notification that is not signed at all, and one for an order it does not know', async () => {
    for (const channel of ['wechat', 'alipay']) {
      const response = await fetch(`${t.url}/pay/${channel}/notify`, {
        method: 'POST',
        headers: { 'content-type': channel === 'wechat' ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: channel === 'wechat' ? '{"event_type":"TRANSACTION.SUCCESS"}' : 'out_trade_no=MY1&trade_status=TRADE_SUCCESS&total_amount=30.00',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
  });

  it.each(CHANNELS)('$channel: a lost notification is settled by the query job; the late one then changes nothing', async ({ channel, accepted }) => {
    const order = await buy(channel);
    const before = await balance();
    fakeOf(channel).script('notify:late=400');
    await fakeOf(channel).pay(order.orderNo);
    expect((await orderOf(order.id)).status).toBe('pending');
    const round = await sync();
    expect(round).toMatchObject({ credited: 1, failed: 0 });
    expect((await orderOf(order.id)).status).toBe('paid');
    expect(await balance()).toBe(before + 3000);
    const late = await fakeOf(channel).waitForDelivery((d) => d.orderNo === order.orderNo && d.variant === 'late');
    expect(late).toMatchObject({ status: accepted.status, answer: accepted.answer });
    expect(await credits(order.id)).toBe(1);
    expect(await balance()).toBe(before + 3000);
  });

  it.each(CHANNELS)('$channel: 我已支付 asks the provider for the student’s own order', async ({ channel }) => {
    const order = await buy(channel);
    fakeOf(channel).script('notify:lost');
    await fakeOf(channel).pay(order.orderNo);
    const { token: other } = await signUp(t.app);
    expect((await post(t.app, SYNC, { token: other, query: { id: order.id } })).statusCode).toBe(404);
    // Another's 我已支付 asks the provider nothing: the order is still unpaid here.
    expect(await credits(order.id)).toBe(0);
    const synced = await post(t.app, SYNC, { token, query: { id: order.id } });
    expect(body<Created>(synced).result).toMatchObject({ status: 'paid', qrCode: null });
    expect(await credits(order.id)).toBe(1);
  });

  it.each(CHANNELS)('$channel: an expired order is closed at the provider, then cannot be paid', async ({ channel }) => {
    const order = await buy(channel);
    await t.db.sql("update orders set expires_at = now() - interval '1 minute' where id = $1", [order.id]);
    expect((await orderOf(order.id)).status).toBe('pending');
    await sync();
    expect((await orderOf(order.id)).status).toBe('closed');
    await expect(fakeOf(channel).pay(order.orderNo)).rejects.toThrow('不能支付');
  });

  it.each(CHANNELS)('$channel: a provider that does not answer: 502, the order closed, nothing charged', async ({ channel }) => {
    fakeOf(channel).script('api:timeout');
    const response = await post(t.app, CREATE, { token, payload: { packageId: 'pkg-check', payChannel: channel } });
    expect(response.statusCode).toBe(502);
    expect(body(response).error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(body(response).error.message).toContain(channel === 'wechat' ? '微信支付' : '支付宝');
    const [last] = await t.db.sql<{ status: string }>('select status from orders order by created_at desc limit 1');
    expect(last.status).toBe('closed');
  });

  it.each(CHANNELS)('$channel: refund to the original channel; the ledger reverses when the provider confirms', async ({ channel }) => {
    const { token: buyer } = await signUp(t.app);
    const order = await buy(channel, 'pkg-recharge-3000', buyer);
    await fakeOf(channel).pay(order.orderNo);
    expect(await balance(buyer)).toBe(3000);
    const deps = depsFor(t.db);
    const provider = providers[channel as 'wechat' | 'alipay'];
    if (!provider) throw new Error('no provider');
    const first = await refundOrder(deps, provider, order.id);
    if (channel === 'wechat') {
      // WeChat Pay answers PROCESSING: the credit is held, not yet reversed; its REFUND.SUCCESS notification settles it.
      expect(first.refund.status).toBe('processing');
      expect(await balance(buyer)).toBe(3000);
      await t.fake.wechat.waitForDelivery((d) => d.event === 'REFUND.SUCCESS' && d.orderNo === order.orderNo);
    } else {
      expect(first.refund.status).toBe('succeeded');
    }
    expect((await orderOf(order.id, buyer)).status).toBe('refunded');
    expect(await balance(buyer)).toBe(0);
    const reversals = await t.db.sql<{ amount_fen: number }>("select amount_fen from ledger_entries where order_id = $1 and kind = 'reversal'", [order.id]);
    expect(reversals).toEqual([{ amount_fen: -3000 }]);
  });

  it.each(CHANNELS)('$channel: a declined refund changes nothing and may be asked again', async ({ channel }) => {
    const { token: buyer } = await signUp(t.app);
    const order = await buy(channel, 'pkg-recharge-3000', buyer);
    await fakeOf(channel).pay(order.orderNo);
    const provider = providers[channel as 'wechat' | 'alipay'];
    if (!provider) throw new Error('no provider');
    fakeOf(channel).script('refund:decline');
    const declined = await refundOrder(depsFor(t.db), provider, order.id);
    expect(declined.refund).toMatchObject({ status: 'declined' });
    expect(declined.refund.reason).toMatch(channel === 'wechat' ? /NOT_ENOUGH/ : /SELLER_BALANCE_NOT_ENOUGH/);
    expect((await orderOf(order.id, buyer)).status).toBe('paid');
    expect(await balance(buyer)).toBe(3000);
    const again = await refundOrder(depsFor(t.db), provider, order.id);
    expect(again.refund.refundNo).toBe(`${order.orderNo}R2`);
    // WeChat Pay settles the second refund by notification: awaited, so it does not land in a later test's snapshot.
    if (channel === 'wechat') {
      await t.fake.wechat.waitForDelivery((d) => d.event === 'REFUND.SUCCESS' && d.orderNo === order.orderNo);
    }
  });

  it('holds a processing refund’s credit: it cannot be spent before the provider confirms', async () => {
    const { token: buyer } = await signUp(t.app);
    const order = await buy('wechat', 'pkg-recharge-3000', buyer);
    await t.fake.wechat.pay(order.orderNo);
    const provider = providers.wechat;
    if (!provider) throw new Error('no provider');
    // Processing for 8 s, whatever the machine's load: the checks below run while the refund is under way.
    t.fake.wechat.script('refund:delay=8000');
    const { refund } = await refundOrder(depsFor(t.db), provider, order.id);
    expect(refund.status).toBe('processing');
    await expectNoChange(t.db, async () => {
      await expect(refundOrder(depsFor(t.db), provider, order.id)).rejects.toMatchObject({ code: 'REFUND_IN_PROGRESS' });
    });
    const { spendableFen } = await import('../services/billing/balance');
    const [{ user_id: userId }] = await t.db.sql<{ user_id: string }>('select user_id from orders where id = $1', [order.id]);
    expect(await spendableFen(t.db, userId)).toBe(0);
    await t.fake.wechat.waitForDelivery((d) => d.event === 'REFUND.SUCCESS' && d.orderNo === order.orderNo, 30_000);
    // The notification is idempotent: the same confirmation again changes nothing.
    await settleRefund(depsFor(t.db), refund.refundNo, { state: 'succeeded', refundId: null });
    expect(await balance(buyer)).toBe(0);
  });

  it.each(CHANNELS)('$channel: a refund the provider never answered is settled by the payment sync', async ({ channel }) => {
    const { token: buyer } = await signUp(t.app);
    const order = await buy(channel, 'pkg-recharge-3000', buyer);
    await fakeOf(channel).pay(order.orderNo);
    const provider = providers[channel as 'wechat' | 'alipay'];
    if (!provider) throw new Error('no provider');
    fakeOf(channel).script('api:timeout');
    const { refund } = await refundOrder(depsFor(t.db), provider, order.id);
    expect(refund.status).toBe('processing');
    const round = await sync();
    expect(round.refundsChecked).toBeGreaterThanOrEqual(1);
    // The request never reached the provider, which says so when asked: declined, the credit kept.
    const [settled] = await t.db.sql<{ status: string }>('select status from payment_refunds where refund_no = $1', [refund.refundNo]);
    expect(settled.status).toBe('declined');
    expect((await orderOf(order.id, buyer)).status).toBe('paid');
    expect(await balance(buyer)).toBe(3000);
  });

  it.each(CHANNELS)('$channel: reconciliation finds exactly the planted difference', async ({ channel }) => {
    const provider = providers[channel as 'wechat' | 'alipay'];
    if (!provider) throw new Error('no provider');
    const today = chinaDay(new Date());
    await sync();
    fakeOf(channel).plant({ kind: 'payment', orderNo: 'MY20260101000000999999', amountFen: 4200, date: today });
    const report = await reconcile(depsFor(t.db), provider, today);
    expect(report?.billLines).toBeGreaterThan(3);
    expect(report?.differences).toEqual([
      { kind: 'payment', orderNo: 'MY20260101000000999999', refundNo: null, billFen: 4200, ourFen: null, problem: '渠道已收款，本站没有这个订单' },
    ]);
  });
});
