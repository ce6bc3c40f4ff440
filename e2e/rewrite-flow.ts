// 智能降重 against the real server: a user pastes a short paper on /nlp/machine, pays, and lands on the
// comparison view, where the paragraphs appear side by side with their figures and the offline label;
// one paragraph is rewritten again through the job runner; the .docx download opens and holds the rewrite.
// In FLOWS (e2e/real-server.ts); alone: `npx tsx e2e/run-flow.ts 智能降重`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_rewrite', password: 'Moyan2026!' };
const TITLE = '数字经济背景下农村电商发展路径研究';
const PARAGRAPHS = [
  '乡村振兴战略的实施离不开数字技术的支撑。近年来，农村电商快速发展，为农民增收开辟了新渠道，也对物流体系和人才培养提出了更高的要求。',
  '本文基于2019年至2023年的省级面板数据，采用固定效应模型考察数字基础设施对农村电商交易规模的影响，并检验其作用机制。',
  '研究发现，宽带普及率每提高10个百分点，农村电商交易额平均增长约6.2%，而且这一效应在中西部地区更加明显。',
];

export const rewriteFlow: RealFlow = {
  name: '智能降重：粘贴正文、对照页、重新改写一段、下载 Word 并打开（真实服务器）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '2000', '--reason', 'e2e 降重测试']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    assert.ok(await storedToken(page));

    await page.goto(`${server.url}/nlp/machine`);
    await page.getByTestId('mode-explained').getByText('不使用大模型的离线引擎').waitFor();
    await page.getByPlaceholder('把需要改写的正文粘贴到这里，每段一行').fill(PARAGRAPHS.join('\n'));
    await page.getByPlaceholder('请输入论文题目').fill(TITLE);
    await page.getByPlaceholder(/选填，用逗号或顿号分隔/).fill('农村电商、固定效应模型');
    await page.getByText(/费用 ¥/).waitFor();
    await page.getByRole('button', { name: '开始智能降重' }).click();
    await confirmCharge(page);
    await page.waitForURL(/\/papermachine\/content\//);
    const id = page.url().split('/').pop() ?? '';
    log(`粘贴 ${PARAGRAPHS.length} 段正文并支付，进入对照页（记录 ${id}）`);

    const pairs = page.getByTestId('paragraph-pair');
    await page.locator('[data-testid="paragraph-pair"][data-status="done"]').nth(PARAGRAPHS.length - 1).waitFor({ timeout: 60_000 });
    assert.equal(await pairs.count(), PARAGRAPHS.length);
    await page.getByTestId('offline-label').first().waitFor();
    const first = pairs.first();
    await first.getByText('与原文相似度').waitFor();
    await first.getByText(/复制比 .+ → /).waitFor();
    const before = (await first.getByTestId('rewritten').innerText()).trim();
    assert.ok(before.length > 10, '改写为空');
    for (const term of ['农村电商']) assert.ok((await pairs.allInnerTexts()).join('').includes(term));
    await page.screenshot({ path: `${artifacts}/rewrite-comparison.png`, fullPage: true });
    log('对照页：三段原文与改写并排，标出改动，逐段显示相似度与复制比，带“离线引擎改写”标签');

    // textContent on both sides (innerText has a line break after the 改写 label that textContent has not).
    const rewrittenOf = async (n: number) => ((await pairs.nth(n).getByTestId('rewritten').textContent()) ?? '').trim();
    /** 重新改写 paragraph n; answers once the pair is done again with another wording or says there is none. */
    const reload = async (n: number) => {
      const old = await rewrittenOf(n);
      await pairs.nth(n).getByRole('button', { name: '重新改写' }).click();
      // One condition: right after the click the pair still shows done until it is refetched as queued.
      await page.waitForFunction(
        ({ n, old }) => {
          const pair = document.querySelectorAll('[data-testid="paragraph-pair"]')[n];
          const text = (pair?.querySelector('[data-testid="rewritten"]')?.textContent ?? '').trim();
          return pair?.getAttribute('data-status') === 'done' && (text !== old || pair.querySelector('[data-testid="no-other-wording"]') !== null);
        },
        { n, old },
        { timeout: 60_000 },
      );
      return { old, now: await rewrittenOf(n) };
    };
    // The third paragraph has several safe wordings offline: a re-run gives another one.
    const third = await reload(2);
    assert.notEqual(third.now, third.old, '重新改写第 3 段没有得到新的改写');
    log(`重新改写第 3 段：得到新的改写（${third.now.length} 字）`);
    // The first has few; the page either shows another or says there is none (never the same text in silence).
    const first1 = await reload(0);
    const none = await pairs.first().getByTestId('no-other-wording').isVisible();
    assert.ok(first1.now !== first1.old || none);
    await pairs.first().screenshot({ path: `${artifacts}/rewrite-reload-first.png` });
    log(none ? '重新改写第 1 段：离线引擎没有其他安全改法，页面如实说明，改写保持不变' : '重新改写第 1 段：得到新的改写');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载改写稿（Word）' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.docx$/);
    const path = `${artifacts}/rewrite-download.docx`;
    await file.saveAs(path);
    const zip = await JSZip.loadAsync(await readFile(path));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const text = xml.replace(/<[^>]+>/g, '');
    assert.ok(text.includes(TITLE), '下载的 Word 没有题目');
    const probe = third.now.replace(/^改写\s*/, '');
    assert.ok(text.includes(probe), `下载的 Word 没有重新改写后的文字：${probe}`);
    log(`下载 ${file.suggestedFilename()}：用 JSZip 打开，含题目与重新改写后的第 3 段`);
  },
};
