// Buying against the real server: a password user tops up on /order/recharge, pays on the server's
// 沙箱支付 page in the new tab and sees the balance, the order and the ledger change; then leaves a
// package order unpaid on /order/taocan and pays it later from 账户中心 (继续支付).
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';

const USER = { username: 'e2e_buyer', password: 'Moyan2026!' };

/** Runs `open` and returns the tab it opened: the 沙箱支付 page. */
async function payTab(context: BrowserContext, open: () => Promise<unknown>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), open()]);
  await tab.waitForLoadState();
  await tab.getByText('沙箱支付', { exact: true }).waitFor();
  return tab;
}

async function confirmPayment(tab: Page): Promise<void> {
  await tab.getByRole('button', { name: '确认支付' }).click();
  await tab.getByText('支付成功，余额已到账').waitFor();
}

const balanceShown = (page: Page) => page.getByRole('group', { name: '账户余额' }).locator('p').nth(1).innerText();

export const orderPurchaseFlow: RealFlow = {
  name: '充值与购买套餐（真实服务器，沙箱支付）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    const context = page.context();
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    const token = await storedToken(page);
    assert.ok(token);
    const account = () => server.api<{ balanceFen: number }>('GET', '/api/base/account_info_api/account', { token });

    await page.goto(`${server.url}/order/account`);
    await page.getByRole('heading', { name: '账户中心', level: 1 }).waitFor();
    assert.equal(await balanceShown(page), '¥0.00');
    await page.getByText('暂无订单').waitFor();
    log(`登录 ${USER.username}，账户中心余额 ¥0.00，暂无订单`);

    await page.getByRole('link', { name: '充值', exact: true }).click();
    await page.getByRole('heading', { name: '账户充值', level: 1 }).waitFor();
    // WeChat Pay and Alipay are open too (e2e/order-channels.ts pays through them): this flow picks the sandbox.
    await page.getByRole('radiogroup').getByText('沙箱支付', { exact: true }).click();
    const tab = await payTab(context, () => page.getByRole('button', { name: '立即充值：充值 50 元' }).click());
    const dialog = page.getByRole('dialog');
    await dialog.getByText('等待支付结果…').waitFor();
    assert.match(await tab.locator('body').innerText(), /¥50\.00[\s\S]*到账余额\s*¥52\.00/);
    await tab.screenshot({ path: `${artifacts}/order-sandbox-pay.png` });
    log('充值 50 元：下单后新标签页打开“沙箱支付”页面，本页等待支付结果');

    await confirmPayment(tab);
    await tab.close();
    await dialog.getByText('支付成功').waitFor();
    await dialog.getByText('当前余额 ¥52.00').waitFor();
    assert.equal((await account()).balanceFen, 5200);
    await page.screenshot({ path: `${artifacts}/order-paid.png` });
    log('在沙箱支付页确认支付，回到墨研：弹窗显示支付成功，余额 ¥52.00（服务器 5200 分）');

    await dialog.getByRole('link', { name: '查看账户' }).click();
    await page.getByRole('heading', { name: '账户中心', level: 1 }).waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-label="账户余额"]')?.textContent?.includes('¥52.00'));
    const paidRow = page.getByRole('row').filter({ hasText: '充值 50 元' });
    await paidRow.getByText('已支付').waitFor();
    log('账户中心：余额 ¥52.00，订单“充值 50 元”已支付');

    await page.getByRole('link', { name: '购买套餐' }).first().click();
    await page.getByRole('heading', { name: '购买套餐', level: 1 }).waitFor();
    await page.getByRole('radiogroup').getByText('沙箱支付', { exact: true }).click();
    const unpaid = await payTab(context, () => page.getByRole('button', { name: '立即购买：查重套餐' }).click());
    await unpaid.close();
    await dialog.getByRole('button', { name: '稍后支付' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${server.url}/order/account`);
    const pendingRow = page.getByRole('row').filter({ hasText: '查重套餐' });
    await pendingRow.getByText('待支付').waitFor();
    log('购买“查重套餐”后暂不支付：账户中心显示待支付');

    const later = await payTab(context, () => pendingRow.getByRole('button', { name: /^继续支付/ }).click());
    await confirmPayment(later);
    await later.close();
    await dialog.getByText('当前余额 ¥87.00').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();
    await pendingRow.getByText('已支付').waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-label="账户余额"]')?.textContent?.includes('¥87.00'));
    assert.equal((await account()).balanceFen, 8700);
    log('继续支付：查重套餐已支付，余额 ¥87.00');

    await page.getByRole('tab', { name: '余额明细' }).click();
    const entries = page.getByRole('tabpanel').getByRole('row');
    await entries.filter({ hasText: '+¥35.00' }).filter({ hasText: '¥87.00' }).waitFor();
    await entries.filter({ hasText: '+¥52.00' }).filter({ hasText: '¥52.00' }).waitFor();
    await page.screenshot({ path: `${artifacts}/order-account.png`, fullPage: true });
    log('余额明细：两笔充值 +¥52.00、+¥35.00，余额随之变化；截图 e2e/artifacts/order-account.png');

    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/order/taocan', '/order/account']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('article').or(page.getByRole('table')).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} 在 375px 横向溢出 ${overflow}px`);
      await page.screenshot({ path: `${artifacts}/order-${path.split('/')[2]}-375.png`, fullPage: true });
    }
    log('375px 手机宽度：购买套餐与账户中心无横向溢出');
  },
};
