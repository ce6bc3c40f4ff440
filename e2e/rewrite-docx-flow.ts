// 智能降重 of a student's own .docx against the real server: the thesis fixture (heading styles with numbering,
// a table, a footnote, a superscript citation, a header with a page field) uploaded on /nlp/machine, paid,
// rewritten; the title, the headings and the references come back as they were without the student keeping them,
// the comparison view says how many sentences were rewritten and kept (and why) and the term check; both Word
// downloads are the uploaded package with only the accepted paragraphs changed: every other part byte for
// byte, the headings still headings, the reference list as it was, the 标出改动版 in Word revisions whose
// acceptance gives the 改写稿. In FLOWS (e2e/real-server.ts); alone: `npx tsx e2e/run-flow.ts 原文件`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import type { Page } from 'playwright-core';
import { acceptRevisions, storedParts } from '../server/engines/docx/fixtures/package-parts';
import { buildThesisDocx, THESIS_REFERENCES, THESIS_TITLE } from '../server/engines/docx/fixtures/thesis';
import { readDocumentXml } from '../server/engines/docx/package';
import { scanDocument } from '../server/engines/docx/scan';
import { extractDocx } from '../server/engines/text/docx';
import { loginWithPassword } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_rewrite_docx', password: 'Moyan2026!' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const lines = async (docx: Uint8Array) => (await extractDocx(Buffer.from(docx), 1_000_000)).split('\n');
const headings = async (docx: Uint8Array) =>
  [...(await mammoth.convertToHtml({ buffer: Buffer.from(docx) })).value.matchAll(/<h([1-3])>(.*?)<\/h\1>/g)].map((m) => `${m[1]}:${m[2]}`);

async function download(page: Page, button: string, path: string): Promise<Buffer> {
  const pending = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await pending;
  assert.match(file.suggestedFilename(), /\.docx$/);
  await file.saveAs(path);
  return readFile(path);
}

export const rewriteDocxFlow: RealFlow = {
  name: '智能降重：上传 Word 原文件、题目与参考文献不改写、句数与术语检查、下载改写稿与修订版（原文件原位改写，真实服务器）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    const thesis = await buildThesisDocx();
    const original = await lines(thesis);
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '5000', '--reason', 'e2e Word 原位改写']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);

    await page.goto(`${server.url}/nlp/machine`);
    await page.getByText('上传文件', { exact: true }).click();
    await page.getByLabel('选择论文文件').setInputFiles({ name: '毕业论文.docx', mimeType: DOCX, buffer: thesis });
    await page.getByText('毕业论文.docx').waitFor();
    await page.getByPlaceholder('请输入论文题目').fill(THESIS_TITLE);
    await page.getByRole('button', { name: '开始智能降重' }).click();
    await confirmCharge(page);
    await page.waitForURL(/\/papermachine\/content\//);
    const pairs = page.getByTestId('paragraph-pair');
    await page.locator('[data-testid="paragraph-pair"][data-status="done"]').nth(original.length - 1).waitFor({ timeout: 90_000 });
    assert.equal(await pairs.count(), original.length);
    await page.getByTestId('download-note').getByText('下载的改写稿就是您上传的 Word 文件').waitFor();
    log(`上传 Word 原文件（${original.length} 段）并支付，智能降重完成，页面说明下载稿就是原文件`);

    // The title and the references are never rewritten: their cards say why, with nothing to accept.
    for (const [text, note] of [[THESIS_TITLE, '（论文题目，保留原文）'], ...THESIS_REFERENCES.map((r) => [r, '（参考文献及其后内容，保留原文）'])]) {
      const card = pairs.filter({ hasText: text.slice(0, 14) }).first();
      await card.getByText(note).waitFor();
      assert.equal(await card.getByRole('button', { name: '已采纳改写' }).count(), 0, `${text} 被改写`);
    }
    const checks = page.getByTestId('record-checks');
    const summary = await checks.textContent();
    assert.match(summary ?? '', /改写 \d+ 句，保留 \d+ 句（论文题目 1 句；.*参考文献及其后内容 \d+ 句/);
    assert.match(summary ?? '', /术语保留：是（共 \d+ 个）/);
    await checks.getByTestId('terms-kept').waitFor();
    log(`题目与参考文献原样保留（卡片说明原因），记录显示句数与术语检查：${summary?.slice(0, 60)}`);
    await checks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}/rewrite-docx-checks-1440.png` });
    // The record's header with the note on what the downloads are, as a student sees it on a desktop and a phone.
    await page.getByTestId('download-note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}/rewrite-docx-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('download-note').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}/rewrite-docx-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    const clean = await download(page, '下载改写稿（Word）', `${artifacts}/rewrite-docx-clean.docx`);
    const tracked = await download(page, '下载标出改动版', `${artifacts}/rewrite-docx-tracked.docx`);
    const [before, after] = [await storedParts(thesis), await storedParts(clean)];
    assert.deepEqual(after.map((p) => p.name), before.map((p) => p.name));
    for (const [i, part] of after.entries()) if (part.name !== 'word/document.xml') assert.ok(part.data.equals(before[i].data), `${part.name} 被改动`);
    assert.deepEqual(await headings(clean), await headings(thesis));
    assert.deepEqual(await headings(tracked), await headings(thesis));
    const out = await lines(clean);
    assert.equal(out.length, original.length);
    assert.deepEqual(out.slice(out.indexOf('参考文献') + 1, out.indexOf('致谢')), THESIS_REFERENCES);
    assert.equal(out[0], THESIS_TITLE);
    const changed = out.filter((line, i) => line !== original[i]).length;
    assert.ok(changed >= 3, `只改了 ${changed} 段`);
    log(`改写稿：除 document.xml 外各部件逐字节不变，标题级别、参考文献原样，${changed} 段为改写`);

    const xml = await readDocumentXml(tracked);
    assert.match(xml, /<w:ins w:id="\d+" w:author="墨研" w:date="[\dT:-]+Z">/);
    assert.match(xml, /<w:del w:id="\d+" w:author="墨研" w:date="[\dT:-]+Z">/);
    assert.deepEqual(scanDocument(acceptRevisions(xml, '墨研')).lines.map((l) => l.text), out);
    log('标出改动版：改动为 Word 修订（作者 墨研），全部接受即为改写稿');
  },
};
