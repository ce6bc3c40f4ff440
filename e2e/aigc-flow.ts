// AIGC检测 against the real server: a student pastes a paper (machine-style paragraphs, then a human one) on
// /aigccheck/check, sees its characters and price, pays and lands on the report; once the detector has run in
// the worker, the report shows the rate and band, the heat bar, sentences marked with their reasons on hover
// and the limits note with the measured false-accusation rate; the PDF report downloads; at 375 px the report
// fits the screen and a tap on a marked sentence shows its reasons.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_aigc', password: 'Moyan2026!' };
const TITLE = '深度学习在文本相似度计算中的应用';
const fixture = (name: string) => readFileSync(new URL(`../server/services/aigc/fixtures/${name}`, import.meta.url), 'utf8').trim();
/** Machine-style paragraphs, then a human one (the detector's own test fixtures). */
const AIGC_PAPER = `${fixture('machine-style.txt')}\n${fixture('human-style.txt')}`;
const PHONE = { width: 375, height: 812 };

/**
 * A signed-in student pastes AIGC_PAPER on /aigccheck/check under `title`, waits for the live price, pays, and
 * waits on the report until the detector has run; answers the report's AI字符占比 line.
 */
export async function detectPastedPaper(page: Page, url: string, title: string): Promise<string> {
  await page.goto(`${url}/aigccheck/check`);
  await page.getByPlaceholder('把论文正文粘贴到这里，每段一行（只支持中文）').fill(AIGC_PAPER);
  await page.getByPlaceholder('请输入论文题目').fill(title);
  await page.getByTestId('aigc-quote').getByText(/费用 ¥[\d.]+/).waitFor();
  await page.getByRole('button', { name: '开始检测' }).click();
  await confirmCharge(page);
  await page.waitForURL(/\/aigccheck\/content\/[\w-]+$/);
  await page.getByTestId('aigc-rate').waitFor({ timeout: 60_000 });
  return (await page.getByTestId('aigc-rate').innerText()).replace(/\s+/g, ' ');
}

export const aigcFlow: RealFlow = {
  name: 'AIGC检测：粘贴正文、付款、报告的分档与逐句依据、下载 PDF、375px 阅读（真实服务器）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '2000', '--reason', 'e2e AIGC 检测']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    assert.ok(await storedToken(page));

    const rate = await detectPastedPaper(page, server.url, TITLE);
    log(`粘贴 ${[...AIGC_PAPER].length} 字，字数与价格随输入显示，付款后检测完成`);
    const band = await page.getByTestId('aigc-band').innerText();
    assert.match(rate, /AI字符占比 \d+(\.\d+)?%/);
    assert.notEqual(band.trim(), '未见异常', '机器风格的段落没有被检出');
    await page.getByTestId('offline-label').waitFor();
    await page.getByTestId('limits-note').getByText(/误判率/).waitFor();
    log(`报告：${rate}，分档“${band}”，注明离线模型与实测误判率`);

    const marked = page.getByTestId('machine-sentence');
    await marked.first().waitFor();
    const count = await marked.count();
    assert.ok(count >= 2, `只标出 ${count} 句`);
    await marked.first().hover();
    const reasons = page.getByTestId('sentence-reasons').first();
    await reasons.waitFor();
    assert.match(await reasons.innerText(), /机器生成概率/);
    await page.screenshot({ path: `${artifacts}/aigc-report.png`, fullPage: true });
    log(`标出 ${count} 句，悬停第一句即显示判定依据`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载检测报告（PDF）' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /AIGC检测报告\.pdf$/);
    const path = await file.path();
    assert.equal(readFileSync(path).subarray(0, 5).toString(), '%PDF-');
    log(`下载 ${file.suggestedFilename()}（PDF）`);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('aigc-rate').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `报告在 375px 横向溢出 ${overflow}px`);
    await marked.nth(1).tap().catch(() => marked.nth(1).click());
    await page.getByTestId('sentence-reasons').first().waitFor();
    await page.screenshot({ path: `${artifacts}/aigc-report-375.png`, fullPage: true });
    log('375px：报告不横向溢出，点按标出的句子显示依据');
  },
};
