import { faker } from '@faker-js/faker/locale/zh_CN';
import { http } from 'msw';
import { countChars } from '@common/char-count';
import { consistent } from '../consistency';
import { getPaperAigcLoadByIdResponseMock } from '../gen/aigc/aigc.msw';
import { getMachineLoadByIdResponseMock, getPaperMachineLoadByIdResponseMock } from '../gen/rewrite/rewrite.msw';
import { fail, ok } from '../envelope';
import { priceOf, RATES } from '../prices';
import { rewriteDraftPrice, rewriteRate } from './charges';
import { isFile, refusedText, textOf } from './check';
import { aigcArea, machineArea, paperMachineArea } from './records';
import { readBody, type Row, withUser } from './request';

// The drafts of AIGC检测 and the rewording ways in the mocked app, as the server makes them: the text of the
// paste or the upload counted and priced (word_count prices the same way as you type), a draft record in the
// area's list that its submit then charges (charges.ts) and queues.

const AIGC_MIN_CHARS = 50;

async function paperForm(request: Request): Promise<{ form: FormData; text: string; file: File | null } | Response> {
  const form = await request.formData().catch(() => null);
  if (!form) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请以 multipart/form-data 上传论文文件或正文');
  if (!String(form.get('title') ?? '').trim()) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请填写论文题目');
  const entry = form.get('file');
  const file = isFile(entry) ? entry : null;
  const content = form.get('content');
  if (!file && !(typeof content === 'string' && content)) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请上传论文文件或粘贴论文正文');
  const text = file ? await textOf(file) : String(content);
  if (text instanceof Response) return text;
  return refusedText(text) ?? { form, text, file };
}

function draftRow(base: Row, form: FormData, file: File | null, fields: Record<string, unknown>): Row {
  return consistent({
    ...base,
    id: faker.string.alphanumeric(12),
    title: String(form.get('title')).trim(),
    status: 'draft',
    progress: 0,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    sourceType: file ? 'upload' : 'paste',
    fileName: file ? file.name : null,
    ...fields,
  });
}

function rewriteInit(area: typeof paperMachineArea, fixedMode?: 'smart' | 'cnki') {
  return withUser(async (request) => {
    const read = await paperForm(request);
    if (read instanceof Response) return read;
    const mode = fixedMode ?? String(read.form.get('mode') ?? 'rewrite');
    const charCount = countChars(read.text);
    const base = (fixedMode ? getMachineLoadByIdResponseMock() : getPaperMachineLoadByIdResponseMock()).result as unknown as Row;
    const terms = read.form.getAll('protectedTerms').flatMap((t) => String(t).split(/[,，、]/)).map((t) => t.trim()).filter(Boolean);
    const row = draftRow(base, read.form, read.file, {
      mode,
      source: 'upload',
      charCount,
      priceFen: rewriteDraftPrice(mode, charCount),
      offline: rewriteRate(mode).engine === 'offline',
      protectedTerms: terms,
      recheckId: null,
    });
    area.store.insert(row);
    return ok(row);
  });
}

function rewriteWordCount(defaultMode: string) {
  return withUser(async (request) => {
    const { content = '', mode = defaultMode } = await readBody<{ content: string; mode: string }>(request);
    const refused = refusedText(content);
    if (refused) return refused;
    const charCount = countChars(content);
    return ok({ charCount, priceFen: rewriteDraftPrice(mode, charCount) });
  });
}

export const draftOverrides = [
  http.post('*/api/base/paper_aigc_api/word_count', withUser(async (request) => {
    const { content = '' } = await readBody<{ content: string }>(request);
    const refused = refusedText(content);
    if (refused) return refused;
    const charCount = countChars(content);
    return ok({ charCount, priceFen: priceOf(RATES.aigc, charCount), minChars: AIGC_MIN_CHARS });
  })),
  http.post('*/api/base/paper_aigc_api/machine_init', withUser(async (request) => {
    const read = await paperForm(request);
    if (read instanceof Response) return read;
    const charCount = countChars(read.text);
    if (charCount < AIGC_MIN_CHARS) return fail(422, 'TEXT_TOO_SHORT', `文字过短，至少需要 ${AIGC_MIN_CHARS} 字才能判断`);
    const row = draftRow(getPaperAigcLoadByIdResponseMock().result as unknown as Row, read.form, read.file, {
      kind: 'detect',
      author: String(read.form.get('author') ?? '').trim(),
      charCount,
      priceFen: priceOf(RATES.aigc, charCount),
      offline: true,
    });
    aigcArea.store.insert(row);
    return ok(row);
  })),
  http.post('*/api/base/paper_machine_api/word_count', rewriteWordCount('rewrite')),
  http.post('*/api/base/machine_api/word_count', rewriteWordCount('smart')),
  http.post('*/api/base/paper_machine_api/machine_init', rewriteInit(paperMachineArea)),
  http.post('*/api/base/machine_api/machine_init', rewriteInit(machineArea, 'smart')),
  http.post('*/api/base/machine_api/machine_cnki_init', rewriteInit(machineArea, 'cnki')),
];
