import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { getOrderInfoLoadByIdResponseMock } from '../../../mocks/gen/order/order.msw';
import { setMockOffer } from '../../../mocks/overrides/capabilities';
import { PACKAGES } from '../../../mocks/overrides/order-state';
import { setupMockServer } from '@/test/mock-server';
import { resetMockState } from '../../../mocks/handlers';
import { recordRequests } from '@/test/request-log';
import { renderApp, signIn } from '@/test/render-app';
import { confirmOnPayPage, createOrder, spyOnNewTabs } from './test-helpers';

const server = setupMockServer();
// A brand-new account: no seeded orders, a zero balance.
beforeEach(() => resetMockState({ data: 'empty' }));
afterEach(() => vi.restoreAllMocks());

const CREATE = '/api/order/order_info_api/create_order';
const LOAD = '/api/order/order_info_api/load_by_id';

async function card(name: string) {
  return screen.findByRole('article', { name });
}

describe('购买套餐 /order/taocan', () => {
  it('shows the service packages as cards: price in 元, credit once, what it buys, features, recommended badge; no former price unless one was recorded', async () => {
    await signIn();
    renderApp('/order/taocan');
    const check = await card('查重套餐');
    expect(within(check).getByText('¥29.90')).toBeInTheDocument();
    // No price history on this instance: nothing struck through, no invented 原价.
    expect(check.querySelector('del')).toBeNull();
    expect(within(check).getByTestId('package-credit')).toHaveTextContent('到账余额 ¥35.00');
    expect(within(check).getByText('约可查重 3.5 万字（每千字 1 元）')).toBeInTheDocument();
    expect(within(check).getByText('余额可用于全部服务')).toBeInTheDocument();
    expect(within(check).queryByText('推荐')).not.toBeInTheDocument();
    expect(within(await card('降重套餐')).getByText('推荐')).toBeInTheDocument();
    const names = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(names).toEqual(['查重套餐', '降重套餐', '降AIGC套餐', 'AI论文套餐', 'AI PPT套餐']);
  });

  it('strikes through the former price the server recorded for a lowered package', async () => {
    server.use(
      http.post('*/api/base/product_package_api/query_list', () =>
        ok({ records: [{ ...PACKAGES[0], originalPriceFen: 3990 }], total: 1, pageNo: 1, pageSize: 10 }),
      ),
    );
    await signIn();
    renderApp('/order/taocan');
    const check = await card('查重套餐');
    const original = within(check).getByLabelText('原价 ¥39.90');
    expect(original.tagName).toBe('DEL');
    expect(original).toHaveTextContent('¥39.90');
  });

  it('buys a package: creates a sandbox order, opens the pay page, polls until paid and shows the new balance', async () => {
    await signIn();
    const tabs = spyOnNewTabs();
    const log = recordRequests();
    const { user } = renderApp('/order/taocan');
    await user.click(within(await card('查重套餐')).getByRole('button', { name: '立即购买：查重套餐' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('沙箱支付')).toBeInTheDocument();
    expect(within(dialog).getByText('¥29.90')).toBeInTheDocument();
    expect(within(dialog).getByText('等待支付结果…')).toBeInTheDocument();
    expect(tabs).toHaveBeenCalledTimes(1);
    const payUrl = String(tabs.mock.calls[0][0]);
    expect(payUrl).toMatch(new RegExp(`^${window.location.origin}/pay/sandbox/\\w+\\?token=\\w+$`));
    expect(within(dialog).getByRole('link', { name: /打开支付页面/ })).toHaveAttribute('href', payUrl);

    await waitFor(() => expect(log.calls(LOAD)).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(within(dialog).getByText('等待支付结果…')).toBeInTheDocument();
    await confirmOnPayPage(payUrl);

    expect(await within(dialog).findByText('支付成功', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('查重套餐，¥35.00 已到账')).toBeInTheDocument();
    expect(await within(dialog).findByText('当前余额 ¥35.00')).toBeInTheDocument();
    const polls = log.calls(LOAD);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(log.calls(LOAD)).toBe(polls);
    log.stop();

    await user.click(within(dialog).getByRole('link', { name: '查看账户' }));
    expect(await screen.findByRole('heading', { name: '账户中心', level: 1 })).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: '账户余额' })).getByText('¥35.00')).toBeInTheDocument();
  });

  it('pays through 沙箱模拟支付 in fully mocked mode, where no server serves the 沙箱支付 page', async () => {
    await signIn();
    spyOnNewTabs();
    const { user } = renderApp('/order/taocan');
    await user.click(within(await card('查重套餐')).getByRole('button', { name: '立即购买：查重套餐' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '沙箱模拟支付' }));
    expect(await within(dialog).findByText('支付成功', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends the package id and the sandbox channel, and keeps the order for later when the student closes the dialog', async () => {
    await signIn();
    spyOnNewTabs();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === CREATE) bodies.push(await request.clone().json());
    });
    const { user } = renderApp('/order/taocan');
    await user.click(within(await card('AI PPT套餐')).getByRole('button', { name: '立即购买：AI PPT套餐' }));
    const dialog = await screen.findByRole('dialog');
    expect(bodies).toEqual([{ packageId: 'pkg-ppt', payChannel: 'sandbox' }]);
    await user.click(within(dialog).getByRole('button', { name: '稍后支付' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    server.events.removeAllListeners();
  });

  it('shows that an order closed before it was paid', async () => {
    await signIn();
    spyOnNewTabs();
    server.use(
      http.post(`*${LOAD}`, ({ request }) =>
        ok({ ...getOrderInfoLoadByIdResponseMock().result, id: new URL(request.url).searchParams.get('id'), status: 'closed', paidAt: null, payUrl: null }),
      ),
    );
    const { user } = renderApp('/order/taocan');
    await user.click(within(await card('降AIGC套餐')).getByRole('button', { name: '立即购买：降AIGC套餐' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('订单已超时关闭，请重新下单')).toBeInTheDocument();
    expect(within(dialog).queryByText('等待支付结果…')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });

  it('shows the server’s message and opens nothing when the order is refused', async () => {
    await signIn();
    for (let i = 0; i < 10; i += 1) await createOrder('pkg-check');
    const tabs = spyOnNewTabs();
    const { user } = renderApp('/order/taocan');
    await user.click(within(await card('查重套餐')).getByRole('button', { name: '立即购买：查重套餐' }));
    expect(await screen.findByText('待支付订单过多，请先完成或等待已有订单关闭')).toBeInTheDocument();
    expect(tabs).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await card('查重套餐')).getByRole('button', { name: '立即购买：查重套餐' })).toBeEnabled();
  });

  it('says when the packages cannot be loaded', async () => {
    await signIn();
    server.use(http.post('*/api/base/product_package_api/query_list', () => fail(500, 'INTERNAL', '服务器开小差了，请稍后重试')));
    renderApp('/order/taocan');
    expect(await screen.findByText('套餐加载失败：服务器开小差了，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('what is not on sale', () => {
  it('leaves out the packages of services this instance does not offer', async () => {
    setMockOffer({ unavailable: ['ppt', 'paper'] });
    await signIn();
    renderApp('/order/taocan');
    await card('查重套餐');
    const names = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(names).toEqual(['查重套餐', '降重套餐', '降AIGC套餐']);
  });

  it.each(['/order/taocan', '/order/recharge'])('says plainly on %s that no payment channel is open, with no buy buttons', async (path) => {
    setMockOffer({ payment: false });
    await signIn();
    const log = recordRequests();
    renderApp(path);
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('暂未开通在线支付，请联系管理员充值')).toBeInTheDocument();
    expect(within(notice).getByText(/管理员为您的账户充值后/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /立即(购买|充值)/ })).not.toBeInTheDocument();
    expect(log.calls('/api/base/product_package_api/query_list')).toBe(0);
    log.stop();
  });
});

describe('账户充值 /order/recharge', () => {
  it('offers the recharge amounts only and tops up the balance through the sandbox', async () => {
    await signIn();
    const tabs = spyOnNewTabs();
    const { user } = renderApp('/order/recharge');
    await card('充值 10 元');
    const names = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(names).toEqual(['充值 10 元', '充值 30 元', '充值 50 元', '充值 100 元', '充值 200 元']);
    const fifty = await card('充值 50 元');
    expect(within(fifty).getByText('推荐')).toBeInTheDocument();
    expect(within(fifty).queryByRole('deletion')).not.toBeInTheDocument();

    await user.click(within(fifty).getByRole('button', { name: '立即充值：充值 50 元' }));
    const dialog = await screen.findByRole('dialog');
    await confirmOnPayPage(String(tabs.mock.calls[0][0]));
    expect(await within(dialog).findByText('当前余额 ¥52.00', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
