import { beforeEach, describe, expect, it } from 'vitest';
import { callMock as call } from '@/test/call-mock';
import { signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';
import { resetMockState } from '../handlers';

setupMockServer();
// A brand-new account: no seeded orders, a zero balance.
beforeEach(() => resetMockState({ data: 'empty' }));

type Created = { id: string; payUrl: string };

const create = async (token: string, packageId = 'pkg-recharge-5000') =>
  (await call<Created>('/api/order/order_info_api/create_order', { token, body: { packageId, payChannel: 'sandbox' } })).body.result;
const notify = (order: Created, token = new URL(order.payUrl, window.location.origin).searchParams.get('token')) =>
  call<{ status: string }>('/api/order/order_info_api/f/sandbox_notify', { body: { orderId: order.id, token } });
const balance = async (token: string) =>
  (await call<{ balanceFen: number }>('/api/base/account_info_api/account', { token, method: 'GET' })).body.result.balanceFen;

describe('mocked orders and sandbox payment', () => {
  it('credits a paid order once, however often the pay page notifies', async () => {
    const token = await signIn('buyer');
    const order = await create(token);
    expect((await notify(order)).body.result.status).toBe('paid');
    expect((await notify(order)).status).toBe(200);
    expect(await balance(token)).toBe(5200);
    const ledger = await call<{ records: unknown[]; balanceFen: number }>('/api/base/account_info_api/ledger', { token });
    expect(ledger.body.result).toMatchObject({ balanceFen: 5200, records: [expect.objectContaining({ kind: 'recharge', amountFen: 5200, balanceAfterFen: 5200 })] });
  });

  it('refuses a forged pay token, an unknown package and another user’s order', async () => {
    const token = await signIn('buyer');
    const order = await create(token);
    const forged = await notify(order, 'A'.repeat(43));
    expect(forged.status).toBe(403);
    expect(forged.body.error).toEqual({ code: 'BAD_PAYMENT_TOKEN', message: '支付凭证无效' });
    expect(await balance(token)).toBe(0);
    expect((await call('/api/order/order_info_api/create_order', { token, body: { packageId: 'pkg-gold', payChannel: 'sandbox' } })).status).toBe(404);
    const other = await signIn('other');
    expect((await call(`/api/order/order_info_api/load_by_id?id=${order.id}`, { token: other })).status).toBe(404);
    expect((await call('/api/order/order_info_api/query_list', { token })).status).toBe(200);
    expect((await call('/api/order/order_info_api/query_list')).status).toBe(401);
  });

  it('hands out the pay link only while the order is pending', async () => {
    const token = await signIn('buyer');
    const order = await create(token, 'pkg-check');
    const load = async () => (await call<{ payUrl: string | null }>(`/api/order/order_info_api/load_by_id?id=${order.id}`, { token })).body.result.payUrl;
    expect(await load()).toBe(order.payUrl);
    await notify(order);
    expect(await load()).toBeNull();
  });
});
