// 论文写作 against the real server with the fake model: a user fills the form on /aipaper/gc (references
// pasted), edits the outline (renames a chapter, adds a section), confirms and pays, watches the sections
// arrive on the content page as the job writes them, edits one, and downloads the .docx, which opens with
// its headings in the outline's order and exactly the pasted reference list.
// In FLOWS (e2e/real-server.ts); alone: `npx tsx e2e/run-flow.ts 论文写作`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_paper', password: 'Moyan2026!' };
const TITLE = '基于深度学习的中文文本相似度研究';
const REFERENCES = [
  '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
  '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
];

export const paperFlow: RealFlow = {
  name: '论文写作：填写题目与参考文献、编辑大纲、确认支付、逐节生成、修改一节、下载 Word 并打开（真实服务器，模拟模型）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '5000', '--reason', 'e2e 论文写作测试']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    assert.ok(await storedToken(page));

    await page.goto(`${server.url}/aipaper/gc`);
    await page.getByTestId('no-invented-references').getByText('系统绝不编造文献').waitFor();
    await page.getByPlaceholder(/如：基于深度学习/).fill(TITLE);
    await page.getByPlaceholder('如：计算机科学与技术').fill('计算机科学与技术');
    await page.getByLabel('目标字数').fill('6000');
    await page.getByRole('textbox', { name: '参考文献' }).fill(REFERENCES.map((r, i) => `[${i + 1}] ${r}`).join('\n'));
    await page.getByRole('button', { name: '生成大纲（不扣费）' }).click();
    await page.waitForURL(/\/aipaper\/outline\//);
    const id = page.url().split('/').pop() ?? '';
    log(`填写题目、学科与两条参考文献，生成大纲（论文 ${id}）`);

    const first = page.getByRole('textbox', { name: '第1章标题' });
    await first.fill('引言');
    await page.getByTestId('outline-chapter').nth(1).getByRole('button', { name: '添加一节' }).click();
    await page.getByRole('textbox', { name: '2.3 标题' }).fill('技术比较');
    await page.screenshot({ path: `${artifacts}/paper-outline.png`, fullPage: true });
    await page.getByRole('button', { name: '确认大纲并开始写作' }).click();
    await confirmCharge(page);
    await page.waitForURL(/\/aipaper\/content\//);
    log('编辑大纲：第 1 章改名为“引言”，第 2 章加一节“技术比较”，确认并支付');

    const sections = page.getByTestId('paper-section');
    await page.locator('[data-testid="paper-section"][data-status="done"]').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '下载 Word' }).and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
    const headings = (await sections.evaluateAll((nodes) => nodes.map((n) => n.querySelector('p')?.textContent ?? ''))).filter(Boolean);
    assert.equal(headings[0], '第1章 引言');
    assert.ok(headings.includes('2.3 技术比较'), `没有新加的一节：${headings.join(' / ')}`);
    const text = (await sections.allInnerTexts()).join('\n');
    assert.ok(text.includes('[1]'), '正文没有引用提供的参考文献');
    assert.ok(!text.includes('[7]'), '正文保留了编造的引用 [7]');
    assert.ok(text.includes('[待补充参考文献]'), '编造的引用没有标注为待补充');
    await page.screenshot({ path: `${artifacts}/paper-content.png`, fullPage: true });
    log(`${headings.length} 个标题逐节写成；引用只指向提供的 [1]-[2]，模型编造的 [7] 已删除并标注“[待补充参考文献]”`);

    // A written section (a chapter heading over sections has no buttons); held by position, since its buttons go
    // away while it is being edited.
    const editableAt = (await sections.evaluateAll((nodes) => nodes.map((n) => [...n.querySelectorAll('button')].some((b) => b.textContent === '编辑')))).indexOf(true);
    const editable = sections.nth(editableAt);
    await editable.getByRole('button', { name: '编辑' }).click();
    await editable.getByRole('textbox').fill('这是我亲自修改的一段正文，引用了已有研究[2]。');
    await editable.getByRole('button', { name: '保存' }).click();
    await page.getByText('这是我亲自修改的一段正文，引用了已有研究[2]。').waitFor();
    log('修改一节正文并保存');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 Word' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.docx$/);
    const path = `${artifacts}/paper-download.docx`;
    await file.saveAs(path);
    const zip = await JSZip.loadAsync(await readFile(path));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const styled = [...xml.matchAll(/<w:pStyle w:val="Heading[12]"\/>[\s\S]*?<w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map((m) => m[1]);
    assert.deepEqual(styled, ['摘要', ...headings, '参考文献', '致谢']);
    const listed = [...xml.matchAll(/<w:t xml:space="preserve">(\[\d+\] [^<]*)<\/w:t>/g)].map((m) => m[1]);
    assert.deepEqual(listed, REFERENCES.map((r, i) => `[${i + 1}] ${r}`));
    assert.ok(xml.replace(/<[^>]+>/g, '').includes('这是我亲自修改的一段正文'), '下载的 Word 没有修改后的正文');
    log(`下载 ${file.suggestedFilename()}：标题按大纲顺序（Heading 1/2），参考文献与提供的两条一致，含修改后的正文`);
  },
};
