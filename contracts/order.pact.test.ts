import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { orderInfoCreateOrder, productPackageQueryList } from '../src/api/gen/order/order';
import { BEARER, createPact, useMockServer } from './pact';
import { STATES } from './states';

const { like, integer, regex, datetime, eachLike, boolean } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

describe('order contract', () => {
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
        res.jsonBody({
          success: true,
          result: {
            records: eachLike({
              id: like('pkg-recharge-5000'),
              name: like('充值 50 元'),
              type: 'recharge',
              priceFen: integer(5000),
              originalPriceFen: integer(5000),
              creditFen: integer(5000),
              description: like('到账 50 元余额'),
              features: eachLike('余额永久有效'),
              sort: integer(30),
              recommended: boolean(false),
            }),
            total: integer(5),
            pageNo: 1,
            pageSize: 10,
          },
        }),
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
      .uponReceiving('an order for the 50 yuan top-up')
      .withRequest('POST', '/api/order/order_info_api/create_order', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: {
            id: like('01JD3Q8V4N5K2M7P9R6T8W0XYZ'),
            orderNo: regex('^MY[0-9]{8,}', 'MY20261122083000123456'),
            status: 'pending',
            amountFen: 5000,
            payUrl: regex('^(https?://[^/]+)?/pay/sandbox/[^?]+\\?token=.+$', 'http://127.0.0.1:8080/pay/sandbox/01JD3Q8V4N5K2M7P9R6T8W0XYZ?token=3kTq9wV0bX2cR7yL'),
            expiresAt: datetime(ISO, '2026-11-22T09:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const order = await orderInfoCreateOrder({ packageId: 'pkg-recharge-5000', payChannel: 'sandbox' });
        expect(order).toMatchObject({ status: 'pending', amountFen: 5000 });
        expect(order.payUrl).toContain('/pay/sandbox/');
      });
  });
});
