// 论文查重 against the real server: a new user signs in by scanning the QR code (the phone's page is the
// server's own), uploads a .docx in the browser, pays with the free first check, waits for the report,
// opens it, and downloads the PDF, whose text must contain the title. The reference library holds another
// user's paper (added through the API with addToLibrary), so the report has a real match to show.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { buildDocx } from '../server/engines/text/fixtures/build';
import { qrSignUpOverHttp } from '../server/test/qr-http';
import type { RealFlow } from './real-server';
import type { RealServer } from './server';

const TITLE = '基于指纹的中文文本相似度检测研究';

/** The PDF's first page as a picture needs poppler's pdftoppm (as npm run check:docx does); without it the PDF alone is kept. */
const hasPdftoppm = () => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const AUTHOR = '张三';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const COPIED =
  '基于指纹的检测方法先将文本切分为固定长度的字符片段，再计算每个片段的哈希值，并按照一定规则选取其中一部分作为文档指纹。由于只保存被选中的指纹，索引的规模可以控制在原文的五分之一左右。';
const OWN = [
  '本文研究中文学位论文的文本复制检测问题，目标是在大规模比对库中快速找出字面相同的片段。',
  '实验部分在三个公开数据集上比较了不同参数，并记录了每组实验所用的时间与内存。',
];
const SOURCE = ['随着数字出版的快速发展，学术不端行为的识别变得越来越重要。', COPIED, '传统方法依赖人工审阅，效率低而且容易遗漏。'];

type Envelope<T> = { success: boolean; result: T; error?: { message: string } };

/** A QR sign-up through the API, as a phone would confirm it: the account has its free first check. */
export const qrSignUp = (server: RealServer): Promise<string> => qrSignUpOverHttp(server.url);

/** Another user's paper, checked for free and added to the reference library (its 本校库). */
export async function seedLibrary(server: RealServer, title = '数字出版与学术不端检测', paragraphs = SOURCE): Promise<void> {
  const token = await qrSignUp(server);
  const form = new FormData();
  form.append('title', title);
  form.append('content', paragraphs.join('\n'));
  const response = await fetch(`${server.url}/api/base/check_api/check_init`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const draft = (await response.json()) as Envelope<{ id: string }>;
  assert.ok(draft.success, draft.error?.message);
  await server.api('POST', '/api/base/check_api/check_submit', { token, body: { id: draft.result.id, addToLibrary: true } });
  for (let i = 0; i < 120; i++) {
    const record = await server.api<{ status: string }>('POST', '/api/base/check_api/load_by_id', { token, query: { id: draft.result.id } });
    if (record.status === 'done') return;
    assert.notEqual(record.status, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('比对库文档的查重没有完成');
}

/** Scans the login overlay's QR code with a new phone (a second browser), which makes its account on the server's page. */
export async function scanToLogin(page: Page, server: RealServer, artifacts: string): Promise<void> {
  const created = page.waitForResponse((response) => response.url().includes('/api/base/login_api/f/login_qr_code'));
  await page.goto(`${server.url}/papercheck/check`);
  const { result } = (await (await created).json()) as Envelope<{ qrCode: string }>;
  const overlay = page.getByRole('dialog');
  await overlay.getByAltText('微信扫码登录二维码').waitFor();
  const phoneContext = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  try {
    const phone = await phoneContext.newPage();
    await phone.goto(result.qrCode);
    // A phone the server has never seen is asked first: an existing account, or a new one.
    await phone.getByRole('button', { name: '注册新账号并登录' }).click();
    await phone.getByText(/已确认登录/).waitFor();
    await phone.screenshot({ path: `${artifacts}/qr-phone-confirmed.png` });
    // The phone keeps the device key the server issued it, for its next scan.
    assert.match((await phone.evaluate(() => localStorage.getItem('moyan-device-key'))) ?? '', /^dk_[A-Za-z0-9_-]{43}$/);
  } finally {
    await phoneContext.close();
  }
  await overlay.waitFor({ state: 'hidden' });
  await page.getByTestId('user-id').waitFor();
}

export const checkFlow: RealFlow = {
  name: '论文查重：扫码登录、上传 .docx、首次免费、报告与 PDF（真实服务器）',
  async run({ page, server, artifacts, log }) {
    await seedLibrary(server);
    log('另一位用户的论文经查重后加入比对库');

    await scanToLogin(page, server, artifacts);
    await page.getByText('首次查重免费').waitFor();
    log('手机页面确认扫码登录，新账户显示“首次查重免费”');

    await page.getByLabel('选择论文文件').setInputFiles({ name: '毕业论文终稿.docx', mimeType: DOCX, buffer: await buildDocx([OWN[0], COPIED, OWN[1]]) });
    await page.getByText('毕业论文终稿.docx').waitFor();
    await page.getByLabel(/论文题目/).fill(TITLE);
    await page.getByLabel('作者').fill(AUTHOR);
    await page.screenshot({ path: `${artifacts}/check-upload.png` });
    await page.getByRole('button', { name: '下一步：确认提交' }).click();
    await page.waitForURL(/\/paper\/submit\/[\w-]+$/);
    await page.getByText('可用，本次免费').waitFor();
    await page.getByText('上传文件 毕业论文终稿.docx').waitFor();
    await page.screenshot({ path: `${artifacts}/check-confirm.png` });
    log('在浏览器上传 .docx，确认页显示可免费查重');

    await page.getByRole('button', { name: '确认，免费提交' }).click();
    await page.waitForURL(/\/paper\/report$/);
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('已完成').waitFor({ timeout: 60_000 });
    const ratio = await row.getByText(/^\d+\.\d%$/).innerText();
    assert.notEqual(ratio, '0.0%');
    await page.screenshot({ path: `${artifacts}/check-records.png` });
    log(`记录页：查重完成，总文字复制比 ${ratio}`);

    await row.getByRole('link', { name: '查看报告' }).click();
    await page.waitForURL(/\/paper\/report\/[\w-]+$/);
    await page.getByTestId('figure-总文字复制比').getByText(ratio).waitFor();
    const red = page.locator('[data-mark="red"]');
    assert.equal((await red.allInnerTexts()).join(''), COPIED);
    const sentence = await red.first().innerText();
    await red.first().click();
    await page.getByTestId('compare-source').filter({ hasText: sentence }).waitFor();
    await page.getByText('来源：数字出版与学术不端检测').waitFor();
    await page.screenshot({ path: `${artifacts}/check-report.png`, fullPage: true });
    log('报告：抄来的句子标红，点击后与比对库原文并排对照');
    // Scrolled down while comparing: the sticky comparison stays whole below the fixed bars.
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    const bars = await page.getByTestId('page-bars').boundingBox();
    const compare = await page.getByTestId('compare-column').boundingBox();
    assert.ok(bars && compare && compare.y >= bars.y + bars.height, `相似片段对照被顶栏遮住：对照栏 ${compare?.y}，顶栏底部 ${bars ? bars.y + bars.height : '?'}`);
    await page.screenshot({ path: `${artifacts}/check-report-compare-scrolled.png` });
    log('向下滚动对照时，相似片段对照停在顶栏之下，标题与原文栏都看得见');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 PDF 报告' }).click()]);
    assert.equal(download.suggestedFilename(), `${TITLE}-查重报告.pdf`);
    const pdf = await readFile(await download.path());
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, '');
    assert.ok(text.includes(TITLE), 'PDF 文本中没有论文题目');
    assert.ok(text.includes(`总文字复制比${ratio}`), 'PDF 文本中没有总文字复制比');
    const lines = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.split('\n').map((l) => l.replace(/\s+/g, ''));
    assert.ok(lines.some((l) => l.startsWith('红色：句子过半重合；橙色：部分重合；绿色：引用')), 'PDF 图例被拆成了几行');
    await writeFile(`${artifacts}/check-report.pdf`, pdf);
    if (hasPdftoppm()) execFileSync('pdftoppm', ['-r', '80', '-png', `${artifacts}/check-report.pdf`, `${artifacts}/check-report-pdf`]);
    log(`下载 PDF 报告（${pdf.length} 字节），文字层含题目与总文字复制比`);
  },
};
