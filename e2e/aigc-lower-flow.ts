// 降AIGC against the real server: a student detects a paper (machine-style paragraphs, then a human one) on
// /aigccheck/check, then on /aigcdown/machine picks that detection, pays, and lands on the comparison view,
// where each paragraph shows its AI probability before (the detection's) and after (our detector on the
// rewrite), the flagged paragraphs rewritten and the human one kept; /aiaigc/list shows the AI share before
// and after. No model is configured for this flow's user path: the rewrite is the offline engine's, labelled.
import assert from 'node:assert/strict';
import type { RewriteTask } from '../src/api/gen/model';
import { detectPastedPaper } from './aigc-flow';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_aigc_lower', password: 'Moyan2026!' };
const TITLE = '人工智能与文本相似度计算';
const RATIO = /\d+\.\d%/;

export const aigcLowerFlow: RealFlow = {
  name: '降AIGC：检测后选择报告降AI、对照页逐段显示改写前后的 AI 概率、降AI记录（真实服务器）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '5000', '--reason', 'e2e 降AIGC']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    const token = await storedToken(page);
    assert.ok(token);

    const rate = await detectPastedPaper(page, server.url, TITLE);
    log(`检测完成：${rate}`);

    await page.goto(`${server.url}/aigcdown/machine`);
    const select = page.getByRole('combobox', { name: '检测结果' });
    await select.locator('option', { hasText: TITLE }).waitFor({ state: 'attached' });
    await page.getByTestId('lower-mode-explained').getByText(/本站检测器/).waitFor();
    await page.getByTestId('lower-engine').getByText(/没有改写任何一段时全额退款/).waitFor();
    await page.getByRole('button', { name: '开始降AIGC' }).click();
    const { chargeFen } = await confirmCharge(page);
    await page.waitForURL(/\/papermachine\/content\/[\w-]+$/);
    const id = page.url().split('/').pop() ?? '';
    log(`选择该检测结果并支付，进入对照页（记录 ${id}）`);

    const pairs = page.getByTestId('paragraph-pair');
    // The figures are read once the record is finished (its download note shows) and every paragraph has
    // arrived: the pairs come in while the record runs, and a loaded CI machine was read with one of four.
    await page.getByTestId('download-note').waitFor({ timeout: 60_000 });
    const record = await server.api<RewriteTask>('POST', '/api/base/paper_machine_api/load_by_id', { query: { id }, token });
    await page.locator(`[data-testid="paragraph-pair"][data-status="done"] >> nth=${record.paragraphTotal - 1}`).waitFor({ timeout: 60_000 });
    assert.equal(await pairs.count(), record.paragraphTotal, '对照页的段落数与记录不符');
    await page.getByText(new RegExp(`AI字符占比（前→后）\\s*${RATIO.source} → ${RATIO.source}`)).waitFor({ timeout: 60_000 });
    const texts = await pairs.allInnerTexts();
    const withBoth = texts.filter((t) => new RegExp(`AI 概率 ${RATIO.source} → ${RATIO.source}`).test(t));
    assert.equal(withBoth.length, texts.length, '有段落缺少改写前后的 AI 概率');
    const figures = texts.map((t) => /AI 概率 (\d+\.\d)% → (\d+\.\d)%/.exec(t)!.slice(1).map(Number));
    // Offline, a rewording is kept only if our detector scores it lower; otherwise the paragraph keeps its
    // original and says so. No paragraph may come back more machine-like than it went in.
    assert.deepEqual(figures.filter(([before, after]) => after > before), [], `有段落改写后 AI 概率反而升高：${JSON.stringify(figures)}`);
    const lowered = figures.filter(([before, after]) => after < before).length;
    const keptNotLowered = texts.filter((t) => t.includes('离线改写未能降低 AI 概率')).length;
    assert.ok(lowered + keptNotLowered >= 1, `标记的段落既没有降低 AI 概率，也没有说明原因：${JSON.stringify(figures)}`);
    if (lowered > 0) await page.getByTestId('offline-label').first().waitFor();
    await page.screenshot({ path: `${artifacts}/aigc-lower-comparison.png`, fullPage: true });
    log(`对照页：${texts.length} 段都显示改写前后的 AI 概率（${figures.map(([b, a]) => `${b}%→${a}%`).join('，')}），${lowered} 段降低，${keptNotLowered} 段如实说明离线改写未能降低，无一升高`);
    // Offline a paragraph is rewritten only when lowered: none lowered, nothing rewritten, and the charge came
    // back (the ledger's refund); the page says how much.
    const refund = page.getByTestId('refund-note');
    if (lowered === 0) {
      assert.match(await refund.innerText(), new RegExp(`本次费用 ¥${(chargeFen / 100).toFixed(2)} 已退回余额`));
      log(`没有改写任何一段：对照页说明费用 ¥${(chargeFen / 100).toFixed(2)} 已全额退回余额`);
    } else assert.equal(await refund.count(), 0, '改写了段落的降AIGC不应退款');

    await page.goto(`${server.url}/aiaigc/list`);
    const row = page.getByRole('row').filter({ hasText: TITLE }).first();
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${RATIO.source}[\\s\\S]*${RATIO.source}`));
    log('降AI记录：列出该记录的降前与降后 AI 字符占比');
  },
};
