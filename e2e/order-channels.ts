// Paying through WeChat Pay and Alipay against the real server and the fake providers (server/test/fake-pay):
// the dialog shows the channel's QR code; the fake payer pays, its notification (sent twice) credits the balance
// once; a forged Alipay notification is refused and credits nothing; a lost notification is settled by
// 我已支付 (WeChat Pay) and by the payment sync (Alipay); an operator refunds from the CLI to WeChat Pay; the
// daily reconciliation lists the one difference planted in the bill. Screens at 1440 and 390 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { chinaDay } from '../server/services/free-uses/limits';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';

const USER = { username: 'e2e_payer', password: 'Moyan2026!' };

type LedgerPage = { records: Array<{ kind: string; amountFen: number; orderId: string | null }>; balanceFen: number };

/** Buys a top-up through `channel` and returns the open dialog and the order number it shows. */
async function buyTopUp(page: Page, channel: '微信支付' | '支付宝', pkg: string) {
  await page.getByRole('radiogroup').getByText(channel, { exact: true }).click();
  await page.waitForFunction((name) => document.querySelector<HTMLInputElement>(`input[type=radio][value=${name}]`)?.checked, channel === '微信支付' ? 'wechat' : 'alipay');
  await page.getByRole('button', { name: `立即充值：${pkg}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('img', { name: `${channel}付款二维码` }).waitFor();
  const orderNo = (await dialog.getByText(/^订单号 MY\d+$/).innerText()).replace('订单号 ', '');
  return { dialog, orderNo };
}

export const orderChannelsFlow: RealFlow = {
  name: '微信支付与支付宝（真实服务器，模拟渠道）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    const fake = server.fakePay;
    assert.ok(fake, 'the real server was started without the fake providers');
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    const token = await storedToken(page);
    assert.ok(token);
    const ledger = () => server.api<LedgerPage>('POST', '/api/base/account_info_api/ledger', { token, query: { pageSize: '100' } });
    const orders = () =>
      server.api<{ records: Array<{ id: string; orderNo: string; status: string }> }>('POST', '/api/order/order_info_api/query_list', { token });

    await page.goto(`${server.url}/order/recharge`);
    await page.getByRole('heading', { name: '账户充值', level: 1 }).waitFor();
    assert.ok(await page.getByRole('radio', { name: '微信支付' }).isChecked(), '微信支付 should be the first channel');
    const wechat = await buyTopUp(page, '微信支付', '充值 30 元');
    const code = await wechat.dialog.getByRole('img', { name: '微信支付付款二维码' }).getAttribute('data-code');
    assert.match(code ?? '', /^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    await wechat.dialog.getByLabel('应付金额 ¥30.00').waitFor();
    await wechat.dialog.getByText('请用微信“扫一扫”扫描二维码付款').waitFor();
    await wechat.dialog.getByText('已付款但本页没有变化？').waitFor();
    await page.screenshot({ path: `${artifacts}/order-wechat-qr.png` });
    log(`微信支付：弹窗显示二维码（${code?.slice(0, 30)}…）、¥30.00、订单号 ${wechat.orderNo}`);

    fake.wechat.script('notify:duplicate');
    const deliveries = await fake.wechat.pay(wechat.orderNo);
    assert.deepEqual(deliveries.map((d) => d.status), [204, 204]);
    await wechat.dialog.getByText('支付成功').waitFor();
    await wechat.dialog.getByText('当前余额 ¥30.00').waitFor();
    const wechatOrderId = (await orders()).records.find((o) => o.orderNo === wechat.orderNo)?.id;
    const credits = (await ledger()).records.filter((e) => e.kind === 'recharge' && e.orderId === wechatOrderId);
    assert.equal(credits.length, 1);
    assert.equal((await ledger()).balanceFen, 3000);
    await page.screenshot({ path: `${artifacts}/order-wechat-paid.png` });
    log('模拟付款人扫码付款，通知发了两次（均答 204）：弹窗显示支付成功，余额 ¥30.00，账本只入账一次');
    await wechat.dialog.getByRole('button', { name: '完成' }).click();

    const forged = await buyTopUp(page, '支付宝', '充值 10 元');
    fake.alipay.script('notify:forged');
    const [refused] = await fake.alipay.pay(forged.orderNo);
    assert.equal(refused.status, 400);
    assert.equal(refused.answer, 'fail');
    await page.waitForTimeout(2500);
    await forged.dialog.getByText('等待支付结果…').waitFor();
    assert.equal((await ledger()).balanceFen, 3000);
    log('支付宝：伪造的支付通知被拒（fail），订单仍待支付，余额不变');
    await forged.dialog.getByRole('button', { name: '稍后支付' }).click();

    const lost = await buyTopUp(page, '支付宝', '充值 10 元');
    fake.alipay.script('notify:lost');
    assert.deepEqual(await fake.alipay.pay(lost.orderNo), []);
    await lost.dialog.getByText('支付成功').waitFor({ timeout: 20_000 });
    assert.equal((await ledger()).balanceFen, 4000);
    log('支付宝：通知丢失，后台查询任务向支付宝查到已付款并入账，弹窗随之显示支付成功，余额 ¥40.00');
    await lost.dialog.getByRole('button', { name: '完成' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    const scanned = await buyTopUp(page, '微信支付', '充值 10 元');
    fake.wechat.script('notify:lost');
    await fake.wechat.pay(scanned.orderNo);
    // The dialog fades in: shoot it once it stands still.
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${artifacts}/order-wechat-qr-390.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `支付弹窗在 390px 横向溢出 ${overflow}px`);
    await scanned.dialog.getByRole('button', { name: '我已支付' }).click();
    await scanned.dialog.getByText('支付成功').waitFor({ timeout: 5000 });
    assert.equal((await ledger()).balanceFen, 5000);
    log('390px：扫码已付但通知丢失，学生点“我已支付”，本站向微信支付查询后立即入账，余额 ¥50.00');
    await scanned.dialog.getByRole('button', { name: '完成' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    const refund = await server.cli(['order', 'refund', wechat.orderNo, '--wait', '20']);
    assert.match(refund, new RegExp(`订单 ${wechat.orderNo} 已原路退回微信支付 30\\.00 元`));
    assert.equal((await ledger()).balanceFen, 2000);
    const reversals = (await ledger()).records.filter((e) => e.kind === 'reversal' && e.orderId === wechatOrderId);
    assert.deepEqual(reversals.map((e) => e.amountFen), [-3000]);
    await page.goto(`${server.url}/order/account`);
    await page.getByRole('row').filter({ hasText: wechat.orderNo }).getByText('已退款').waitFor();
    log(`npm run cli -- order refund ${wechat.orderNo}：微信支付确认退款后订单为已退款，账本冲正 -¥30.00，余额 ¥20.00`);

    const today = chinaDay(new Date());
    fake.wechat.plant({ kind: 'payment', orderNo: 'MY20260101000000424242', amountFen: 4200, date: today });
    const report = await server.cli(['order', 'reconcile', '--date', today, '--channel', 'wechat']).then(
      () => assert.fail('reconciliation with a difference should exit with code 1'),
      (error: { code?: number; stdout?: string }) => {
        assert.equal(error.code, 1);
        return error.stdout ?? '';
      },
    );
    assert.match(report, new RegExp(`微信支付 ${today}：账单 4 笔，本站入账 2 笔、退款 1 笔，差异 1 处`));
    assert.match(report, /MY20260101000000424242/);
    assert.match(report, /渠道已收款，本站没有这个订单/);
    log('对账：下载微信支付当天账单，与本站入账、退款逐笔核对，只列出埋入的一笔差异（退出码 1）');
  },
};
