// The acceptance walk of the app shell (issue 3) in the fully mocked app: overlay, tabs, password
// login, a hidden route, tags, sign out, then sign-up in the overlay (issue 8; below 992 px the overlay
// leads with the form). Run by e2e/run.ts at each viewport width.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { inFreshPage } from '../browser';
import { loginWithPassword, submitWrongPassword } from '../login';
import { assertFormLeads, signUpInOverlay } from '../signup';

export type FlowOptions = { baseUrl: string; width: number; height: number; artifacts: string; log: (step: string) => void };

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

async function tagTitles(page: Page): Promise<string[]> {
  return page.locator('[aria-label="已访问页面"] [data-tag]').allInnerTexts().then((texts) => texts.map((text) => text.trim()));
}

export async function appShellFlow(browser: Browser, { baseUrl, width, height, artifacts, log }: FlowOptions): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await inFreshPage(browser, { viewport: { width, height }, failureShot: `${artifacts}/failure-${width}.png` }, async (page) => {
    await page.goto(`${baseUrl}/`);
    await waitForPath(page, '/papercheck/check');
    const overlay = page.getByRole('dialog');
    await overlay.getByText('微信扫码登录首次免费查重').waitFor();
    if (width < 992) {
      await assertFormLeads(overlay);
      await page.screenshot({ path: `${artifacts}/login-overlay-form-first-${width}.png` });
      await overlay.getByRole('button', { name: '显示二维码' }).click();
      log('窄屏：弹窗先显示账号密码表单和注册入口，扫码登录收在下方，点“显示二维码”展开');
    }
    await overlay.getByAltText('微信扫码登录二维码').waitFor();
    await overlay.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await page.screenshot({ path: `${artifacts}/login-overlay-${width}.png` });
    log('打开 / 跳到 /papercheck/check，登录弹窗自动出现');

    await overlay.getByRole('button', { name: '先看看,一会再说' }).click();
    await overlay.waitFor({ state: 'hidden' });
    log('点击“先看看,一会再说”关闭弹窗');

    const tabs = page.getByRole('navigation', { name: '主导航' });
    await tabs.getByRole('link', { name: '论文降重' }).click();
    await waitForPath(page, '/aimachine/machine');
    assert.equal(await tabs.getByRole('link', { name: '论文降重' }).getAttribute('aria-current'), 'page');
    await tabs.getByRole('link', { name: '论文写作' }).click();
    await waitForPath(page, '/aipaper/gc');
    assert.equal(await tabs.getByRole('link', { name: '论文写作' }).getAttribute('aria-current'), 'page');
    log('切换顶部标签：论文降重、论文写作，激活状态跟随路径');

    await submitWrongPassword(page, 'e2e_student', 'wrong-password');
    await loginWithPassword(page, 'e2e_student', 'Moyan2026!');
    const userId = page.getByTestId('user-id');
    assert.match(await userId.innerText(), /^ID: \d+$/);
    log(`账号密码登录（先错后对），显示 ${await userId.innerText()}`);

    await page.getByRole('link', { name: '墨研首页' }).click();
    await waitForPath(page, '/home');
    await page.getByRole('heading', { name: '墨研 · 让论文写作更从容' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `页面横向溢出 ${overflow}px`);
    await page.screenshot({ path: `${artifacts}/home-${width}.png`, fullPage: true });
    log(`登录后的首页截图 e2e/artifacts/home-${width}.png`);

    await tabs.getByRole('link', { name: '论文查重' }).click();
    await waitForPath(page, '/papercheck/check');
    // Below 992 px the recent checks are cards, not a table.
    const record = page.getByRole('table').or(page.getByRole('region', { name: '最近查重' })).getByRole('link').first();
    await record.click();
    await page.waitForURL(/\/paper\/submit\/\w+$/);
    await page.getByRole('heading', { name: '确认提交', level: 1 }).waitFor();
    await page.getByText('总文字复制比').waitFor();
    await page.screenshot({ path: `${artifacts}/hidden-route-${width}.png`, fullPage: true });
    log(`打开隐藏路由 ${pathOf(page)}`);

    await page.goto(`${baseUrl}/aigccheck/list`);
    await page.getByRole('heading', { name: '检测记录', level: 1 }).waitFor();
    assert.equal(await userId.innerText().then((text) => text.startsWith('ID:')), true);
    log('直接打开隐藏且需登录的 /aigccheck/list，刷新后仍保持登录');

    for (const [tab, path] of [['论文降重', '/aimachine/machine'], ['论文写作', '/aipaper/gc'], ['论文查重', '/papercheck/check']]) {
      await tabs.getByRole('link', { name: tab }).click();
      await waitForPath(page, path);
      // A page left before it finished loading gets no tag; on a busy machine the walk used to outpace them.
      await page.locator(`[aria-label="已访问页面"] [data-tag="${path}"]`).waitFor();
    }
    const before = await tagTitles(page);
    assert.ok(before.includes('论文降重') && before.includes('AI论文写作'), `标签栏：${before.join('、')}`);
    await page.getByRole('button', { name: '关闭 论文降重' }).click();
    assert.ok(!(await tagTitles(page)).includes('论文降重'));
    await page.locator('[data-tag="/aipaper/gc"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await waitForPath(page, '/aipaper/gc');
    assert.deepEqual(await tagTitles(page), ['首页', 'AI论文写作']);
    log(`关闭标签：${before.join('、')} → 首页、AI论文写作`);

    await page.goto(`${baseUrl}/order/account?tab=orders`);
    await page.getByRole('heading', { name: '账户中心', level: 1 }).waitFor();
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await waitForPath(page, '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/order/account?tab=orders');
    await page.getByText('微信扫码登录首次免费查重').waitFor();
    log(`退出登录，落在 ${decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)}`);

    await page.goto(`${baseUrl}/papercheck/check`);
    const username = `e2e_new_${width}`;
    const newId = await signUpInOverlay(page, { username, password: 'Signup-2026', phone: width < 992 ? '13900000375' : undefined });
    await page.screenshot({ path: `${artifacts}/signed-up-${width}.png` });
    log(`在登录弹窗中注册 ${username} 并自动登录，显示 ID: ${newId}`);
  });
}
