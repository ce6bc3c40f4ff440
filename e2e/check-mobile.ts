// 论文查重 on a 375 px phone against the real server, while the reference library is still empty (this flow runs
// before the desktop check flow, which adds to it): a new student signs up in the login overlay (which leads
// with the form on a phone), the operator credits the account with the CLI while the server runs, the confirm
// page warns before payment that the library is empty; once another user's paper has joined 本校库 the warning
// says the library is small; the records are cards, and tapping a red sentence of the report opens its source
// in a bottom sheet on screen.
import assert from 'node:assert/strict';
import { seedLibrary } from './check-flow';
import type { RealFlow } from './real-server';
import { assertFormLeads, signUpInOverlay } from './signup';

const PHONE = { width: 375, height: 812 };
const TITLE = '城市绿地降温效应的遥感分析';
const COPIED = '绿地斑块的面积和连通度越高，周边区域的降温效果越明显，这一规律在夏季午后尤为突出。';
const SOURCE = ['城市绿地是城市生态系统的重要组成部分，对调节气候具有显著作用。', COPIED, '本研究利用遥感影像提取了中心城区的绿地斑块。'];
const PAPER = ['本文以某市为例，讨论城市规划中绿地布局的优化方法。', COPIED, '最后提出了分区域增加小型绿地的建议。'];

export const checkMobileFlow: RealFlow = {
  name: '论文查重（375px 手机）：空比对库的付款前提醒、本校库来源、卡片记录与底部对照面板（真实服务器）',
  viewport: PHONE,
  async run({ page, server, artifacts, log }) {
    const username = `phone_${Date.now().toString(36)}`;
    await page.goto(`${server.url}/papercheck/check`);
    await assertFormLeads(page.getByRole('dialog'));
    const userId = await signUpInOverlay(page, { username, password: 'Moyan2026!' });
    log(`375px：登录弹窗先显示账号表单，注册 ${username} 后即登录（ID ${userId.slice(0, 8)}…）`);

    const credited = await server.cli(['user', 'credit', '--username', username, '--fen', '2000', '--reason', 'e2e 运营充值']);
    assert.match(credited, /20\.00/);
    log('服务器运行中，运营用命令行为新账号充值 ¥20.00');

    await page.getByText('粘贴正文', { exact: true }).click();
    await page.getByLabel('论文正文').fill(PAPER.join('\n'));
    await page.getByLabel(/论文题目/).fill(TITLE);
    await page.getByRole('button', { name: '下一步：确认提交' }).click();
    await page.waitForURL(/\/paper\/submit\/[\w-]+$/);
    await page.getByText('比对库还是空的').waitFor();
    await page.getByText(/检测结果将是 0%，并不说明论文没有重复/).waitFor();
    const pay = page.getByRole('button', { name: /^确认支付 ¥[\d.]+$/ });
    assert.equal(await pay.isEnabled(), true);
    await page.screenshot({ path: `${artifacts}/check-mobile-empty-library.png`, fullPage: true });
    log('375px：比对库为空时，确认页在付款按钮前提醒，仍可提交');

    await seedLibrary(server, '城市绿地与热岛效应', SOURCE);
    await page.reload();
    await page.getByText('比对库收录的文献较少').waitFor();
    await pay.click();
    await page.waitForURL(/\/paper\/report$/);
    const card = page.getByRole('region', { name: '查重记录' }).getByRole('article').filter({ hasText: TITLE });
    await card.getByText('已完成').waitFor({ timeout: 60_000 });
    const ratio = await card.getByText(/^\d+\.\d%$/).innerText();
    assert.notEqual(ratio, '0.0%');
    await page.screenshot({ path: `${artifacts}/check-mobile-records.png`, fullPage: true });
    // Scrolled: only the top bars stay on a phone; breadcrumb and tags leave the screen to the page.
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    const banner = await page.getByRole('banner').boundingBox();
    const viewport = page.viewportSize();
    assert.ok(banner && viewport && banner.y + banner.height <= viewport.height * 0.2, `手机顶栏占了 ${banner && viewport ? Math.round(((banner.y + banner.height) / viewport.height) * 100) : '?'}% 的屏幕`);
    assert.equal(await page.getByTestId('page-bars').evaluate((bars) => getComputedStyle(bars).position), 'relative', '手机上面包屑与标签栏不应固定在顶部');
    await page.screenshot({ path: `${artifacts}/check-mobile-header-scrolled.png` });
    log(`另一位用户的论文加入本校库后提交；记录以卡片显示，复制比 ${ratio} 与“查看报告”都在`);

    await card.getByRole('link', { name: '查看报告' }).click();
    await page.waitForURL(/\/paper\/report\/[\w-]+$/);
    await page.getByRole('table', { name: '检测范围' }).getByText('本校库').waitFor();
    const red = page.locator('[data-mark="red"]').first();
    const sentence = await red.innerText();
    await red.scrollIntoViewIfNeeded();
    await red.click();
    const sheet = page.getByRole('dialog', { name: '相似片段对照' });
    await sheet.getByTestId('compare-source').filter({ hasText: sentence }).waitFor();
    await sheet.getByText('来源：城市绿地与热岛效应').waitFor();
    await sheet.getByText('本校库 · 用户提交').waitFor();
    // The sheet slides up; once it has settled, the source's text is on screen.
    await sheet.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const top = (await sheet.getByTestId('compare-source').boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    assert.ok(top >= 0 && top < PHONE.height, `对照内容不在屏幕内（y = ${top}）`);
    await page.screenshot({ path: `${artifacts}/check-mobile-compare.png` });
    log('报告：点按标红的句子，底部面板在屏幕内显示本校库中的来源原文');
  },
};
