// AI PPT against the real server: a user picks a template on /aippt/ppt, uploads a paper (.docx), lands on
// the outline editor (/aippt/ppttype/:id), edits a slide's title and moves it (autosaved), sees the
// thumbnails drawn in the browser, pays, waits for the render and downloads the .pptx, which opens with
// the edited title in a slide and speaker notes. In FLOWS (e2e/real-server.ts); alone:
// `npx tsx e2e/run-flow.ts PPT`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { buildDocx } from '../server/engines/text/fixtures/build';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';
import { confirmCharge } from './charge-guard';

const USER = { username: 'e2e_ppt', password: 'Moyan2026!' };
const PAPER = [
  '论文题目：基于字词双粒度孪生网络的中文文本相似度研究',
  '第一章 绪论',
  '随着互联网上中文文本数量的快速增长，判断两段文本是否表达相同含义成为许多应用的核心需求。学术论文查重需要识别改写后的抄袭内容。',
  '第二章 模型与方法',
  '模型分别以字向量和词向量编码句子，字粒度可以缓解分词错误带来的影响。交互注意力使模型能够对齐两个句子中语义相近的片段。',
  '第三章 实验与分析',
  '在 LCQMC 数据集上，本文模型的准确率达到 87.6%，较 BERT 基线提升约 2 个百分点。本文模型的推理速度比 BERT 提高近一倍。',
  '第四章 结论与展望',
  '本文提出了一种融合字词双粒度特征的孪生网络模型。未来的工作将探索模型在长文本上的应用。',
];
const EDITED = '汇报提纲（已修改）';

export const pptFlow: RealFlow = {
  name: 'AI PPT：选模板、上传论文、编辑大纲、预览、生成并下载 .pptx（真实服务器）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '2000', '--reason', 'e2e PPT 测试']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    assert.ok(await storedToken(page));

    await page.goto(`${server.url}/aippt/ppt`);
    await page.getByRole('radio', { name: '森林绿' }).click();
    assert.equal(await page.getByRole('radio', { name: '森林绿' }).getAttribute('aria-checked'), 'true');
    await page.getByLabel('选择论文文件').setInputFiles({ name: '毕业论文.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await buildDocx(PAPER) });
    await page.getByPlaceholder('选填，写在封面').first().fill('张三');
    await page.screenshot({ path: `${artifacts}/ppt-start.png`, fullPage: true });
    await page.getByRole('button', { name: '生成大纲' }).click();
    await page.waitForURL(/\/aippt\/ppttype\//, { timeout: 60_000 });
    const id = page.url().split('/').pop() ?? '';
    log(`选择模板“森林绿”，上传 .docx 论文，生成大纲，进入编辑页（PPT ${id}）`);

    const thumbs = page.getByTestId('slide-thumb');
    await thumbs.first().waitFor();
    const count = await page.getByRole('list', { name: '幻灯片列表' }).getByRole('listitem').count();
    assert.ok(count >= 5, `只有 ${count} 页`);
    const drawn = await thumbs.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
    assert.ok(drawn >= count, `缩略图未绘制：${drawn}/${count}`);
    const label = (await page.getByText(/大纲（未使用大模型）|大模型撰写的大纲/).first().innerText()).trim();
    log(`编辑页：${count} 页幻灯片，浏览器内绘制的缩略图 ${drawn} 张，标注“${label}”`);

    await page.getByRole('button', { name: /^第 2 页：/ }).click();
    await page.getByLabel('幻灯片标题').fill(EDITED);
    await page.getByRole('button', { name: '下移第 2 页' }).click();
    await page.getByTestId('save-state').getByText('已自动保存').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: `第 3 页：${EDITED}` }).waitFor();
    await page.screenshot({ path: `${artifacts}/ppt-editor.png`, fullPage: true });
    log('把第 2 页标题改为“汇报提纲（已修改）”并下移一页，自动保存');

    await page.getByRole('button', { name: /^生成 PPT/ }).click();
    await confirmCharge(page);
    const button = page.getByRole('button', { name: '下载 .pptx' });
    await button.waitFor({ timeout: 90_000 });
    log('支付并提交，任务完成后出现下载按钮');
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.pptx$/);
    const path = `${artifacts}/ppt-download.pptx`;
    await file.saveAs(path);
    const zip = await JSZip.loadAsync(await readFile(path));
    const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    assert.ok(slides.length >= count, `.pptx 只有 ${slides.length} 页`);
    const third = (await zip.file('ppt/slides/slide3.xml')?.async('string')) ?? '';
    assert.ok(third.includes(EDITED), '第 3 页没有修改后的标题');
    const notes = Object.keys(zip.files).filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n));
    assert.ok(notes.length > 0, '.pptx 没有演讲者备注');
    log(`下载 ${file.suggestedFilename()}：用 JSZip 打开，${slides.length} 页，第 3 页含修改后的标题，${notes.length} 页备注`);
  },
};
