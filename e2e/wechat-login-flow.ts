// WeChat website sign-in (snsapi_login) against the real server and the fake WeChat OAuth server
// (server/test/fake-wechat-login.ts), on a server of its own since WeChat replaces the local QR code other flows
// scan. The overlay frames WeChat's QR page (no script or request leaves for a non-local host); a forged state
// on the callback is refused before WeChat is asked and signs nobody in; the WeChat user confirms in the frame,
// which WeChat sends to our callback with code and state, and the page is signed in to a new wx_ account whose
// account centre shows WeChat linked; the same WeChat in a fresh browser reaches the same account and its
// balance; a password account links WeChat from the account centre, is then reached by that WeChat, and
// unlinks it. Screens of the overlay at 1440 and 390 px and of the account centre with WeChat linked.
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import type { RealServer } from './server';

const USER = { username: 'e2e_wechat_pw', password: 'Moyan2026!' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE_VIEW = { width: 390, height: 844 };
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const QR_POLL = '/api/base/login_api/f/val_login_qr_code';

type Account = { userId: string; loginName: string; hasPassword: boolean; wechat: { nickname: string | null } | null };

/** Every address this context asks for that is not this machine's (WeChat's real site, a CDN, wxLogin.js). */
function watchHosts(context: BrowserContext, outside: string[]): void {
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!LOCAL_HOSTS.has(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:') outside.push(request.url());
  });
}

const accountOf = async (server: RealServer, page: Page) =>
  server.api<Account>('GET', '/api/base/account_info_api/account', { token: (await storedToken(page)) ?? '' });

/** The overlay's WeChat QR page (the fake's), framed as WeChat's wxLogin.js frames it; resolves to its address. */
async function wechatQr(page: Page, fakeUrl: string): Promise<string> {
  const frame = page.getByRole('dialog').locator('iframe[title="微信扫码登录"]');
  await frame.contentFrame().getByRole('img', { name: '模拟微信登录二维码' }).waitFor();
  const src = (await frame.getAttribute('src')) ?? '';
  assert.ok(src.startsWith(`${fakeUrl}/connect/qrconnect?`), `登录弹窗嵌入的不是微信的二维码页：${src}`);
  return src;
}

/**
 * `nickname` scans the framed code and confirms: WeChat's page sends the frame to our callback with code and
 * state (our callback page then says what happened; the page around it learns it by its own poll).
 */
async function scanAndConfirm(page: Page, frameTitle: string, nickname: string): Promise<void> {
  const callback = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/wechat/callback');
  // What WeChat's page does once the phone confirms: it sends its own frame on. A DOM click, not a mouse one: a mouse
  // click at the small link's position, while the overlay still settled, has landed on the backdrop and closed it.
  const confirm = page.locator(`iframe[title="${frameTitle}"]`).contentFrame().getByRole('link', { name: `以“${nickname}”扫码确认` });
  await confirm.evaluate((link: HTMLAnchorElement) => link.click());
  const answer = await callback;
  assert.equal(answer.status(), 200, `微信回调失败：${await answer.text()}`);
  assert.ok(new URL(answer.url()).searchParams.get('code'), '微信回调没有带 code');
}

/** A fresh browser at 1440 px signs in with `nickname`'s WeChat from the overlay; resolves to the account reached. */
async function signInFresh(browser: Browser, server: RealServer, nickname: string, outside: string[]) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  watchHosts(context, outside);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await wechatQr(page, server.fakeWechatLogin?.url ?? '');
  await scanAndConfirm(page, '微信扫码登录', nickname);
  await page.getByTestId('user-id').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  return { context, page, account: await accountOf(server, page) };
}

export const wechatLoginFlow: RealFlow = {
  name: '微信扫码登录：新账号、再次登录、绑定密码账号与解绑、伪造 state（真实服务器，模拟微信）',
  users: [USER],
  ownServer: { fakeWechatLogin: true },
  async run({ page, browser, server, artifacts, log }) {
    const wechat = server.fakeWechatLogin;
    assert.ok(wechat, 'the real server was started without the fake WeChat');
    const outside: string[] = [];
    watchHosts(page.context(), outside);
    const li = wechat.person('李同学');
    wechat.person('王同学');

    await page.goto(`${server.url}/`);
    const qr = await wechatQr(page, wechat.url);
    const qrUrl = new URL(qr);
    assert.equal(qrUrl.searchParams.get('redirect_uri'), `${server.url}/auth/wechat/callback`);
    assert.match(qrUrl.searchParams.get('state') ?? '', /^[A-Za-z0-9_-]{43}$/);
    await page.screenshot({ path: `${artifacts}/wechat-login-overlay-1440.png` });
    log(`新学生打开首页：登录弹窗嵌入（模拟）微信的二维码页 ${wechat.url}/connect/qrconnect，state 为扫码令牌`);

    // A callback with WeChat's genuine code but a state this server never issued, opened in the same browser.
    const forged = new URL(wechat.scan(qr, li));
    forged.searchParams.set('state', 'F0rged-state_'.padEnd(43, 'x'));
    const exchanges = wechat.exchanges();
    const tab = await page.context().newPage();
    const refused = await tab.goto(forged.toString());
    assert.equal(refused?.status(), 404);
    await tab.getByRole('heading', { name: '微信登录未完成' }).waitFor();
    await tab.getByText('二维码已失效，请刷新后重新扫码').waitFor();
    await tab.close();
    assert.equal(wechat.exchanges(), exchanges, 'a forged state should not spend the code at WeChat');
    const poll = await page.waitForResponse((response) => new URL(response.url()).pathname === QR_POLL);
    assert.equal(poll.status(), 200, `弹窗的轮询被拒：${await poll.text()}`);
    assert.equal(((await poll.json()) as { result: unknown }).result, null);
    assert.equal(await storedToken(page), null);
    log('伪造 state 的回调：页面显示“微信登录未完成 / 二维码已失效，请刷新后重新扫码”（404），没有向微信换取身份，弹窗仍未登录');

    await page.setViewportSize(PHONE_VIEW);
    await page.getByRole('dialog').getByRole('button', { name: '显示二维码' }).click();
    await wechatQr(page, wechat.url);
    await page.getByRole('dialog').locator('iframe[title="微信扫码登录"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}/wechat-login-overlay-390.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `登录弹窗在 390px 横向溢出 ${overflow}px`);
    log('390 px：二维码先收起，点“显示二维码”展开微信的二维码页，无横向溢出');
    await page.setViewportSize(DESKTOP);

    await wechatQr(page, wechat.url);
    await scanAndConfirm(page, '微信扫码登录', '李同学');
    await page.getByTestId('user-id').waitFor();
    const created = await accountOf(server, page);
    assert.match(created.loginName, /^wx_[0-9a-f]{10}$/);
    assert.equal(created.hasPassword, false);
    assert.equal(created.wechat?.nickname, '李同学');
    await page.goto(`${server.url}/order/account`);
    const wechatRow = page.getByRole('group', { name: '微信登录' });
    await wechatRow.getByText('已绑定').waitFor();
    await wechatRow.getByText('李同学').waitFor();
    await page.screenshot({ path: `${artifacts}/wechat-account-linked-1440.png`, fullPage: true });
    log(`“李同学”在微信上确认：框内页面转到本站回调（code + state），弹窗随轮询登录新账号 ${created.loginName}，账户中心显示微信已绑定`);

    await server.cli(['user', 'credit', '--username', created.loginName, '--fen', '1234', '--reason', '端到端测试：微信账号的余额']);
    const again = await signInFresh(browser, server, '李同学', outside);
    try {
      assert.equal(again.account.userId, created.userId);
      await again.page.goto(`${server.url}/order/account?tab=ledger`);
      await again.page.getByRole('group', { name: '账户余额' }).getByText('¥12.34').waitFor();
      await again.page.getByRole('cell', { name: '端到端测试：微信账号的余额' }).waitFor();
    } finally {
      await again.context.close();
    }
    log('同一个微信在新浏览器里再次扫码：进入同一个账号（同一用户 ID），余额 ¥12.34 与余额明细都在');

    const student = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    watchHosts(student, outside);
    try {
      const own = await student.newPage();
      await own.goto(`${server.url}/`);
      await loginWithPassword(own, USER.username, USER.password);
      await own.goto(`${server.url}/order/account`);
      const passwordAccount = await accountOf(server, own);
      const row = own.getByRole('group', { name: '微信登录' });
      await row.getByText('未绑定').waitFor();
      await row.getByRole('button', { name: '绑定微信' }).click();
      const dialog = own.getByRole('dialog', { name: '绑定微信' });
      await dialog.locator('iframe[title="绑定微信二维码"]').contentFrame().getByRole('img', { name: '模拟微信登录二维码' }).waitFor();
      await own.screenshot({ path: `${artifacts}/wechat-link-dialog-1440.png` });
      await scanAndConfirm(own, '绑定微信二维码', '王同学');
      await own.getByText('已绑定微信，之后可用微信扫码登录').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('王同学').waitFor();
      assert.equal((await accountOf(server, own)).wechat?.nickname, '王同学');
      await own.screenshot({ path: `${artifacts}/wechat-account-linked-password-1440.png`, fullPage: true });
      log(`密码账号 ${USER.username} 在账户中心点“绑定微信”，“王同学”扫码确认后显示已绑定`);

      const viaWechat = await signInFresh(browser, server, '王同学', outside);
      await viaWechat.context.close();
      assert.equal(viaWechat.account.userId, passwordAccount.userId);
      assert.equal(viaWechat.account.loginName, USER.username);
      log('新浏览器用“王同学”的微信扫码：进入的是那个密码账号');

      await row.getByRole('button', { name: '解绑微信' }).click();
      await own.getByText('已解绑微信').waitFor();
      await row.getByText('未绑定').waitFor();
      const afterwards = await signInFresh(browser, server, '王同学', outside);
      await afterwards.context.close();
      assert.notEqual(afterwards.account.userId, passwordAccount.userId);
      assert.match(afterwards.account.loginName, /^wx_/);
      assert.equal((await accountOf(server, own)).wechat, null);
      log('解绑后：账户中心显示未绑定，“王同学”再扫码得到的是另一个新账号，密码账号不受影响');
    } finally {
      await student.close();
    }

    assert.deepEqual(outside, [], `有请求离开了本机：${outside.join('、')}`);
    log('全程没有任何请求离开本机（没有加载微信的脚本或第三方资源）');
  },
};
