import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../mocks/envelope';
import type { LedgerEntry } from '@/api/gen/model';
import { setupMockServer } from '@/test/mock-server';
import { resetMockState } from '../../../mocks/handlers';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { api, confirmOnPayPage, createOrder, payByScan, spyOnNewTabs } from './test-helpers';

const server = setupMockServer();
// A brand-new account: no seeded orders, a zero balance.
beforeEach(() => resetMockState({ data: 'empty' }));
afterEach(() => vi.restoreAllMocks());

const figure = async (label: string) => within(await screen.findByRole('group', { name: label }));
const rows = async () => within(await screen.findByRole('table')).getAllByRole('row').slice(1);
const rowOf = async (text: string) => {
  const found = (await rows()).find((row) => within(row).queryByText(text));
  if (!found) throw new Error(`没有包含 ${text} 的行`);
  return within(found);
};

describe('账户中心 /order/account', () => {
  it('shows who the student is, the balance, the totals and the free first check', async () => {
    await signIn('lisi');
    const account = await api<{ userId: string }>('/api/base/account_info_api/account', { method: 'GET' });
    renderApp('/order/account');
    expect(await screen.findByRole('heading', { name: '账户中心', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(account.userId)).toBeInTheDocument();
    expect(screen.getByText('lisi')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '手机号' })).getByText('未绑定')).toBeInTheDocument();
    expect((await figure('账户余额')).getByText('¥0.00')).toBeInTheDocument();
    expect((await figure('首次免费查重')).getByText('可用')).toBeInTheDocument();
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });

  it('lists orders with their status in Chinese, newest first, and filters them by status', async () => {
    await signIn();
    const paid = await createOrder('pkg-recharge-1000');
    await confirmOnPayPage(paid.payUrl);
    const pending = await createOrder('pkg-paper');
    const { user } = renderApp('/order/account');
    const [first, second] = await rows();
    expect(within(first).getByText(pending.orderNo)).toBeInTheDocument();
    expect(within(first).getByText('待支付')).toBeInTheDocument();
    expect(within(first).getByText('¥99.00')).toBeInTheDocument();
    expect(within(second).getByText(paid.orderNo)).toBeInTheDocument();
    expect(within(second).getByText('已支付')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /继续支付/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: '订单状态' }), '已支付');
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent(paid.orderNo);
    await user.selectOptions(screen.getByRole('combobox', { name: '订单状态' }), '已关闭');
    expect(await screen.findByText('没有该状态的订单')).toBeInTheDocument();
  });

  it('pages through the orders', async () => {
    await signIn();
    const created = [];
    for (let i = 0; i < 10; i += 1) created.push(await createOrder('pkg-check'));
    for (const order of created.slice(0, 2)) await confirmOnPayPage(order.payUrl);
    created.push(await createOrder('pkg-ppt'));
    const { user } = renderApp('/order/account');
    expect(await rows()).toHaveLength(10);
    expect(screen.getByText('共 11 条')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent(created[0].orderNo);
  });

  it('continues paying a pending order; the balance, the order and the ledger then update', async () => {
    await signIn();
    const order = await createOrder('pkg-recharge-5000');
    const tabs = spyOnNewTabs();
    const { user } = renderApp('/order/account');
    const row = await rowOf(order.orderNo);
    await user.click(row.getByRole('button', { name: `继续支付 ${order.orderNo}` }));
    expect(tabs).toHaveBeenCalledWith(new URL(order.payUrl, window.location.origin).href, '_blank', 'noopener');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`订单号 ${order.orderNo}`)).toBeInTheDocument();

    await confirmOnPayPage(order.payUrl);
    expect(await within(dialog).findByText('支付成功', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '完成' }));
    expect((await figure('账户余额')).getByText('¥52.00')).toBeInTheDocument();
    await waitFor(async () => expect((await rowOf(order.orderNo)).getByText('已支付')).toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: '余额明细' }));
    const entry = await rowOf(`充值 50 元（订单 ${order.orderNo}）`);
    expect(entry.getByText('充值')).toBeInTheDocument();
    expect(entry.getByText('+¥52.00')).toBeInTheDocument();
    expect(entry.getByText('¥52.00')).toBeInTheDocument();
  });

  it('reopens a pending WeChat Pay order on its code, asking the channel first: paid meanwhile, it shows so at once', async () => {
    await signIn();
    const order = await createOrder('pkg-recharge-3000', 'wechat');
    const tabs = spyOnNewTabs();
    const log = recordRequests();
    const { user } = renderApp('/order/account');
    const row = await rowOf(order.orderNo);
    expect(row.getByText('微信支付')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: `继续支付 ${order.orderNo}` }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('img', { name: '微信支付付款二维码' })).getAttribute('data-code')).toBe(order.qrCode);
    await waitFor(() => expect(log.calls('/api/order/order_info_api/sync')).toBe(1));
    expect(tabs).not.toHaveBeenCalled();

    await payByScan(order.orderNo);
    await user.click(within(dialog).getByRole('button', { name: '我已支付' }));
    expect(await within(dialog).findByText('支付成功')).toBeInTheDocument();
    expect(log.calls('/api/order/order_info_api/sync')).toBe(2);
    log.stop();
  });

  it('names every kind of balance change and signs its amount', async () => {
    await signIn();
    const at = '2026-03-05T06:07:00.000Z';
    const entry = (kind: LedgerEntry['kind'], amountFen: number, balanceAfterFen: number, note: string): LedgerEntry => ({
      id: `${kind}-1`,
      kind,
      amountFen,
      balanceAfterFen,
      orderId: null,
      taskId: null,
      note,
      createdAt: at,
    });
    const records = [
      entry('reversal', -1000, 2700, '订单退款（订单 MY1）'),
      entry('refund', 300, 3700, '查重失败退款'),
      entry('charge', -300, 3400, '论文查重：毕业论文'),
      entry('grant', 500, 3700, '新用户赠送'),
      entry('recharge', 3200, 3200, '充值 30 元（订单 MY1）'),
    ];
    server.use(http.post('*/api/base/account_info_api/ledger', () => ok({ records, total: 5, pageNo: 1, pageSize: 10, balanceFen: 2700 })));
    renderApp('/order/account?tab=ledger');
    const expected = [
      ['冲正', '-¥10.00', '¥27.00'],
      ['退款', '+¥3.00', '¥37.00'],
      ['扣费', '-¥3.00', '¥34.00'],
      ['赠送', '+¥5.00', '¥37.00'],
      ['充值', '+¥32.00', '¥32.00'],
    ];
    const shown = (await rows()).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(shown.map(([, kind, , amount, after]) => [kind, amount, after])).toEqual(expected);
  });

  it('keeps the open tab in the address', async () => {
    await signIn();
    const { user, router } = renderApp('/order/account');
    expect(await screen.findByRole('tab', { name: '我的订单', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '余额明细' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'ledger' }));
    expect(await screen.findByText('暂无余额变动')).toBeInTheDocument();
  });
});
