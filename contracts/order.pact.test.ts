import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  accountInfoLedger,
  orderInfoCreateOrder,
  orderInfoLoadById,
  orderInfoQueryList,
  orderInfoSandboxNotify,
  productPackageQueryList,
} from '../src/api/gen/order/order';
import { ApiError } from '../src/api/http';
import { anyId, chinese, failure, isoTime, listOf, oneOf, ok } from './matchers';
import { BEARER, createPact, refusedWithoutToken, useMockServer } from './pact';
import { STATES } from './states';

const { like, integer, regex, eachLike, boolean, nullValue, fromProviderState } = MatchersV3;

const ORDER_NO = regex('^MY[0-9]{8,}$', 'MY20261122083000123456');
const PAY_URL = regex(
  '^(https?://[^/]+)?/pay/sandbox/[^?]+\\?token=.+$',
  '/pay/sandbox/01JD3Q8V4N5K2M7P9R6T8W0XYZ?token=3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM',
);
const LEDGER_KINDS = ['recharge', 'reversal', 'charge', 'refund', 'grant', 'deduction'];
const EXAMPLE_ORDER_ID = '01JD3Q8V4N5K2M7P9R6T8W0XYZ';
const EXAMPLE_PAY_TOKEN = '3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM';

/** An order as the account centre's list and the payment dialog read it. */
const order = (status: 'pending' | 'paid', id: unknown = anyId()) => ({
  id,
  orderNo: ORDER_NO,
  packageName: chinese('充值 50 元'),
  amountFen: integer(5000),
  creditFen: integer(5000),
  payChannel: 'sandbox',
  status,
  payUrl: status === 'pending' ? PAY_URL : nullValue(),
  paidAt: status === 'paid' ? isoTime('2026-11-22T08:31:00.000Z') : nullValue(),
  createdAt: isoTime(),
});

describe('order contract', () => {
  it('the orders list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a request for the pending orders without a token',
      method: 'POST',
      path: '/api/order/order_info_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }).jsonBody({ status: 'pending' }),
      call: () => orderInfoQueryList({ status: 'pending' }, { pageNo: 1, pageSize: 10 }),
    }));

  it('lists packages with paging in the query string and the filter in the body', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.packagesSeeded)
      .uponReceiving('a request for the top-up packages, first page')
      .withRequest('POST', '/api/base/product_package_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ type: 'recharge' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            records: eachLike({
              id: like('pkg-recharge-5000'),
              name: chinese('充值 50 元'),
              type: 'recharge',
              priceFen: integer(5000),
              // A former price only from real sales before a recorded price cut; the seeded packages have none.
              originalPriceFen: nullValue(),
              creditFen: integer(5000),
              description: like('到账 50 元余额'),
              // A top-up says its credit once (on the card), so it may list no features.
              features: listOf(chinese('余额永久有效')),
              sort: integer(30),
              recommended: boolean(false),
            }),
            total: integer(5),
            pageNo: 1,
            pageSize: 10,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await productPackageQueryList({ type: 'recharge' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ type: 'recharge', priceFen: 5000 });
        expect(page.pageNo).toBe(1);
      });
  });

  it('creates an order from a JSON body and gets a sandbox pay URL', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.packagesSeeded)
      .given(STATES.noPendingOrders)
      .uponReceiving('an order for the 50 yuan top-up')
      .withRequest('POST', '/api/order/order_info_api/create_order', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            id: anyId(),
            orderNo: ORDER_NO,
            status: 'pending',
            amountFen: 5000,
            payUrl: PAY_URL,
            expiresAt: isoTime('2026-11-22T09:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const created = await orderInfoCreateOrder({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' });
        expect(created).toMatchObject({ status: 'pending', amountFen: 5000 });
        expect(created.payUrl).toContain('/pay/sandbox/');
      });
  });

  it('refuses an order beyond the pending orders allowed, with 409 and a message for the toast', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.packagesSeeded)
      .given(STATES.tooManyPendingOrders)
      .uponReceiving('an order while too many orders wait for payment')
      .withRequest('POST', '/api/order/order_info_api/create_order', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody(failure('TOO_MANY_PENDING_ORDERS', '待支付订单过多，请先完成或等待已有订单关闭')),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await orderInfoCreateOrder({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 409, message: '待支付订单过多，请先完成或等待已有订单关闭' });
      });
  });

  it('lists the pending orders with their pay links (我的订单, status 待支付)', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.packagesSeeded)
      .given(STATES.pendingOrder)
      .uponReceiving('a request for the pending orders, first page')
      .withRequest('POST', '/api/order/order_info_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ status: 'pending' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ records: eachLike(order('pending')), total: integer(1), pageNo: 1, pageSize: 10 })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await orderInfoQueryList({ status: 'pending' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ status: 'pending', payChannel: 'sandbox' });
        expect(page.records[0].payUrl).toContain('/pay/sandbox/');
      });
  });

  it('the payment dialog polls the order until it is paid', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.packagesSeeded)
      .given(STATES.paidOrder)
      .uponReceiving('a request for a paid order')
      .withRequest('POST', '/api/order/order_info_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: fromProviderState('${orderId}', EXAMPLE_ORDER_ID) }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(order('paid', fromProviderState('${orderId}', EXAMPLE_ORDER_ID)))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const paid = await orderInfoLoadById({ id: EXAMPLE_ORDER_ID });
        expect(paid).toMatchObject({ id: EXAMPLE_ORDER_ID, status: 'paid', payUrl: null });
      });
  });

  it('an unknown order is 404 with a message the payment dialog shows', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for an order that does not exist')
      .withRequest('POST', '/api/order/order_info_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: 'ord-pact-missing' }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await orderInfoLoadById({ id: 'ord-pact-missing' }).catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 404, message: '记录不存在' });
      });
  });

  it('the sandbox pay page confirms the payment with the token of the pay link', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.packagesSeeded)
      .given(STATES.pendingOrder)
      .uponReceiving('a sandbox payment notification for a pending order')
      .withRequest('POST', '/api/order/order_info_api/f/sandbox_notify', (req) =>
        req.jsonBody({
          orderId: fromProviderState('${orderId}', EXAMPLE_ORDER_ID),
          token: fromProviderState('${payToken}', EXAMPLE_PAY_TOKEN),
        }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(order('paid', fromProviderState('${orderId}', EXAMPLE_ORDER_ID)))))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const paid = await orderInfoSandboxNotify({ orderId: EXAMPLE_ORDER_ID, token: EXAMPLE_PAY_TOKEN });
        expect(paid.status).toBe('paid');
      });
  });

  it('余额明细 lists the balance changes with the balance after each', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.funded)
      .uponReceiving('a request for the ledger, first page')
      .withRequest('POST', '/api/base/account_info_api/ledger', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            records: eachLike({
              id: anyId(),
              kind: oneOf(LEDGER_KINDS, 'grant'),
              amountFen: integer(5000),
              balanceAfterFen: integer(5000),
              note: like('契约测试：设定余额'),
              createdAt: isoTime(),
            }),
            balanceFen: integer(5000),
            total: integer(1),
            pageNo: 1,
            pageSize: 10,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await accountInfoLedger({ pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ kind: 'grant', balanceAfterFen: 5000 });
      });
  });
});
