// A QR-only account is not lost with its money (issue 23), on the real server: a phone scans the login QR
// code and makes a new account (qr_…), which gets a balance and a 查重 record; the account centre warns it
// signs in only with that phone, sets a password and binds a phone number (unverified: no SMS on this
// instance); a fresh browser then signs in with the phone and the password and finds the same balance, the
// record and its two signed-in devices; and a new phone scanning a fresh computer's login code is offered the
// existing account instead of a new one, signs in with the phone number and the password, and the computer
// is in the same account. Screenshots of the account centre and of the phone's choice at 1440 and 390 px.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { scanToLogin } from './check-flow';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import type { RealServer } from './server';

const PASSWORD = 'Recover2026!pw';
const PHONE = '13912345678';
const TITLE = '乡村振兴背景下农村电商发展研究';
const PAPER = [
  '乡村振兴战略实施以来，农村电商成为连接小农户与大市场的重要渠道，带动了农产品上行和农民增收。',
  '本文以三个县域的调查数据为基础，分析物流成本、品牌建设与人才储备对农村电商发展的影响。',
].join('\n');
const PHONE_VIEW = { width: 390, height: 844 };

/** A pasted paper checked with the account's free first check, until its record is done. */
async function checkedPaper(server: RealServer, token: string): Promise<void> {
  const form = new FormData();
  form.append('title', TITLE);
  form.append('content', PAPER);
  const response = await fetch(`${server.url}/api/base/check_api/check_init`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const draft = (await response.json()) as { success: boolean; result: { id: string }; error?: { message: string } };
  assert.ok(draft.success, draft.error?.message);
  await server.api('POST', '/api/base/check_api/check_submit', { token, body: { id: draft.result.id } });
  for (let i = 0; i < 120; i++) {
    const record = await server.api<{ status: string }>('POST', '/api/base/check_api/load_by_id', { token, query: { id: draft.result.id } });
    if (record.status === 'done') return;
    assert.notEqual(record.status, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('扫码账号的查重没有完成');
}

/** Opens one of the account centre's dialogs from its row, fills it and waits for it to close. */
async function useDialog(page: Page, row: string, button: string, fields: Array<[string, string]>, submit: string, shot?: string): Promise<void> {
  await page.getByRole('group', { name: row }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of fields) await dialog.getByLabel(label, { exact: true }).fill(value);
  if (shot) await page.screenshot({ path: shot });
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A computer nobody signed in on shows the login QR code; a phone the server has never seen scans it, is
 * offered the existing account (not silently given a new one) and signs in with the phone number and the
 * password. Returns the account id the computer is then signed in to.
 */
async function newPhoneSignsInToExistingAccount(browser: Browser, server: RealServer, artifacts: string): Promise<string> {
  const computer = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const phone = await browser.newContext({ viewport: PHONE_VIEW, locale: 'zh-CN' });
  try {
    const desktop = await computer.newPage();
    const created = desktop.waitForResponse((response) => response.url().includes('/api/base/login_api/f/login_qr_code'));
    await desktop.goto(`${server.url}/papercheck/check`);
    const { result } = (await (await created).json()) as { result: { qrCode: string } };
    const page = await phone.newPage();
    await page.goto(result.qrCode);
    await page.getByRole('heading', { name: '登录已有账号' }).waitFor();
    assert.ok(await page.getByRole('button', { name: '注册新账号并登录' }).isVisible());
    assert.equal(await page.getByRole('button', { name: '确认登录' }).isVisible(), false);
    await page.screenshot({ path: `${artifacts}/qr-confirm-new-phone-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${artifacts}/qr-confirm-new-phone-1440.png`, fullPage: true });
    await page.setViewportSize(PHONE_VIEW);

    await page.getByLabel('登录名或手机号').fill(PHONE);
    await page.getByLabel('密码', { exact: true }).fill('not-the-password-2026');
    await page.getByRole('button', { name: '登录并确认' }).click();
    await page.getByRole('alert').getByText('用户名或密码错误').waitFor();
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录并确认' }).click();
    await page.getByText(/已确认登录/).waitFor();
    await page.screenshot({ path: `${artifacts}/qr-confirm-existing-account-390.png`, fullPage: true });
    assert.match((await page.evaluate(() => localStorage.getItem('moyan-device-key'))) ?? '', /^dk_[A-Za-z0-9_-]{43}$/);

    await desktop.getByTestId('user-id').waitFor();
    const token = (await storedToken(desktop)) ?? '';
    return (await server.api<{ id: string }>('POST', '/api/base/login_api/current', { token })).id;
  } finally {
    await phone.close();
    await computer.close();
  }
}

export const accountRecoveryFlow: RealFlow = {
  name: '扫码账号设置密码、绑定手机号，新浏览器登录后余额与记录都在（真实服务器）',
  async run({ page, browser, server, artifacts, log }) {
    await scanToLogin(page, server, artifacts);
    const token = await storedToken(page);
    assert.ok(token);
    const account = await server.api<{ userId: string; loginName: string; hasPassword: boolean }>('GET', '/api/base/account_info_api/account', { token });
    assert.match(account.loginName, /^qr_/);
    assert.equal(account.hasPassword, false);
    await server.cli(['user', 'credit', '--username', account.loginName, '--fen', '6890', '--reason', '端到端测试：扫码账号的余额']);
    await checkedPaper(server, token);
    log(`手机扫码注册新账号 ${account.loginName}，余额 ¥68.90，一份已完成的查重`);

    await page.goto(`${server.url}/order/account`);
    await page.getByTestId('qr-only-warning').waitFor();
    await page.screenshot({ path: `${artifacts}/account-qr-only-1440.png`, fullPage: true });
    await page.setViewportSize(PHONE_VIEW);
    await page.screenshot({ path: `${artifacts}/account-qr-only-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    assert.ok(await page.getByRole('group', { name: '手机号' }).getByRole('button', { name: '绑定手机号' }).isDisabled());
    log('账户中心提示“只能用注册时那部手机扫码登录”，未设置密码时不能绑定手机号');

    await useDialog(page, '登录密码', '设置密码', [['新密码', PASSWORD], ['确认新密码', PASSWORD]], '设置密码');
    await page.getByRole('group', { name: '登录密码' }).getByText('已设置').waitFor();
    await useDialog(page, '手机号', '绑定手机号', [['手机号', PHONE], ['登录密码', PASSWORD]], '绑定', `${artifacts}/account-bind-phone-1440.png`);
    const phoneRow = page.getByRole('group', { name: '手机号' });
    await phoneRow.getByText(PHONE).waitFor();
    await phoneRow.getByText('未验证').waitFor();
    assert.equal(await page.getByTestId('qr-only-warning').count(), 0);
    await page.screenshot({ path: `${artifacts}/account-security-1440.png`, fullPage: true });
    log(`设置密码并绑定手机号 ${PHONE}（标明未验证，本站不发短信）`);

    const fresh = await browser.newContext({ viewport: PHONE_VIEW, locale: 'zh-CN' });
    try {
      const other = await fresh.newPage();
      await other.goto(`${server.url}/papercheck/check`);
      await loginWithPassword(other, PHONE, PASSWORD);
      const current = await server.api<{ id: string }>('POST', '/api/base/login_api/current', { token: (await storedToken(other)) ?? '' });
      assert.equal(current.id, account.userId);
      log('新浏览器（390 px）用手机号加密码登录，进入的是同一个账号');

      await other.goto(`${server.url}/order/account`);
      await other.getByRole('group', { name: '账户余额' }).getByText('¥68.90').waitFor();
      await other.screenshot({ path: `${artifacts}/account-security-390.png`, fullPage: true });
      await other.getByRole('tab', { name: '登录设备' }).click();
      const devices = other.getByRole('region', { name: '登录设备' });
      await devices.getByText('当前设备').waitFor();
      await devices.getByText('扫码登录').waitFor();
      await devices.getByText('密码登录').waitFor();
      await other.screenshot({ path: `${artifacts}/account-devices-390.png`, fullPage: true });
      log('余额 ¥68.90 仍在；登录设备列出扫码登录的电脑和这台密码登录的手机');

      await other.goto(`${server.url}/paper/report`);
      await other.getByText(TITLE).first().waitFor();
      log('查重记录仍在');

      await page.goto(`${server.url}/order/account?tab=devices`);
      await page.getByRole('table', { name: '登录设备' }).getByRole('row').nth(2).waitFor();
      await page.screenshot({ path: `${artifacts}/account-devices-1440.png`, fullPage: true });
      await page.getByRole('button', { name: '退出其他全部设备' }).click();
      await page.getByText('已退出其他 1 台设备').waitFor();
      await assert.rejects(server.api('POST', '/api/base/login_api/current', { token: (await storedToken(other)) ?? '' }), /401/);
      log('在电脑上退出其他全部设备：手机浏览器的登录随即失效（401）');
    } finally {
      await fresh.close();
    }

    assert.equal(await newPhoneSignsInToExistingAccount(browser, server, artifacts), account.userId);
    log('新手机扫另一台电脑的登录二维码：页面先问“登录已有账号”还是注册新账号；输错密码留在表单上，用手机号加密码登录后，电脑进入的是原账号');
  },
};
