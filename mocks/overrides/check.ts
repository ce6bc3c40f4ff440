import { faker } from '@faker-js/faker/locale/zh_CN';
import { http, HttpResponse } from 'msw';
import { countChars, countCjk, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import type { CheckWarning } from '@/api/gen/model';
import { fail, notFound, ok, unauthorized } from '../envelope';
import { getCheckQueryListResponseMock } from '../gen/check/check.msw';
import { priceOf as price, RATES } from '../prices';
import { MOCK_PARAGRAPHS } from '../sample-text';
import { userOf } from './auth-state';
import { MOCK_SCOPE, mockCheckReport, mockCopyStride, mockReportText } from './check-report';
import { recordArea } from './record-store';
import { type Row, idOf, readBody, withUser } from './request';

// The check flow as the real server walks it: check_init makes a draft from the pasted text or file,
// check_cost and check_submit use the free first check or the balance, each progress poll moves a
// queued check on, and a finished check has a report whose figures and marks add up.

const BASE = '/api/base/check_api';

const texts = new Map<string, string>();

export const priceOf = (chars: number) => price(RATES.check, chars);

/** A pasted or uploaded paper is checked as it stands; a seeded one is its own sample paper. */
export const reportOf = (row: Row) =>
  mockCheckReport(
    { id: row.id, title: String(row.title), author: String(row.author ?? '') },
    texts.get(row.id) ?? mockReportText(row.id),
    texts.has(row.id) ? undefined : mockCopyStride(row.id),
  );

/** A seeded check counts its sample paper's characters; once done, its figures are its report's. */
function withReport(row: Row): Row {
  const { figures } = reportOf(row);
  return { ...row, charCount: figures.totalChars, priceFen: priceOf(figures.totalChars), figures: row.status === 'done' ? figures : null };
}

export const checkArea = recordArea({
  base: BASE,
  seed: () => getCheckQueryListResponseMock().result.records as unknown as Row[],
  settle: withReport,
  updates: {
    update_title: (record, body) => ({ ...record, title: String(body.title ?? record.title), author: String(body.author ?? record.author) }),
  },
});


/** The mocked library's size (tests empty it to see the warnings); the server's LIBRARY_SMALL_DOCUMENTS default. */
const library = { documents: MOCK_SCOPE.documents, chars: MOCK_SCOPE.chars };
const SMALL_LIBRARY = 1000;

export function setMockLibrarySize(documents: number, chars = documents * 12_000): void {
  Object.assign(library, { documents, chars });
}

/** The text a check was made from (a seeded one checks its sample paper). */
export const checkTextOf = (row: Row) => texts.get(row.id) ?? mockReportText(row.id);
/** A new check of pasted text (the 改写工作台's 重新查重), queued as check_submit queues one. */
export function insertQueuedCheck(row: Row, text: string): void {
  texts.set(row.id, text);
  checkArea.store.insert(row);
}

export function resetCheckState(): void {
  texts.clear();
  setMockLibrarySize(MOCK_SCOPE.documents, MOCK_SCOPE.chars);
}

/** What the real check_cost warns about before payment: an empty or small library, little Chinese. */
export function warningsFor(text: string): CheckWarning[] {
  const warnings: CheckWarning[] = [];
  if (library.documents === 0) {
    warnings.push({ code: 'library_empty', message: '本站比对库中还没有任何文献，检测结果将是 0%，并不说明论文没有重复。建议等管理员导入比对文献后再检测。' });
  } else if (library.documents < SMALL_LIBRARY) {
    warnings.push({
      code: 'library_small',
      message: `本站比对库目前只收录 ${library.documents.toLocaleString('zh-CN')} 篇文献（${library.chars.toLocaleString('zh-CN')} 字），检测结果只反映与这些文献的重合，可能明显偏低。`,
    });
  }
  const counted = countChars(text);
  const cjk = countCjk(text);
  if (counted > 0 && cjk < counted * 0.3) {
    warnings.push({
      code: 'little_chinese',
      message: `本系统比对库以中文文献为主，英文内容的检测结果可能偏低（本文中文字符约占 ${Math.floor((cjk / counted) * 100)}%）。`,
    });
  }
  return warnings;
}

// The test environment's File is not the class request.formData() builds its files with.
export const isFile = (value: FormDataEntryValue | null): value is File =>
  typeof value === 'object' && value !== null && typeof value.name === 'string' && typeof value.text === 'function';

export async function textOf(file: File): Promise<string | Response> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.txt')) return file.text();
  // The mock cannot read Word or PDF files; it checks the sample paragraphs instead.
  if (name.endsWith('.docx') || name.endsWith('.pdf')) return MOCK_PARAGRAPHS.join('\n');
  return fail(415, 'UNSUPPORTED_FILE_TYPE', '文件内容不是 .docx、.pdf 或 .txt 文档（可能是修改了扩展名的其他文件），请上传正确的论文文件');
}

export function refusedText(text: string): Response | undefined {
  const chars = countChars(text);
  if (chars === 0) return fail(400, 'EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字');
  if (chars > MAX_CHECK_CHARS) return fail(413, 'TEXT_TOO_LONG', tooLongMessage(chars));
  return undefined;
}

/** One step of a queued or running check per progress poll: queued -> 40 % -> 80 % -> done. */
function advance(row: Row): Row {
  if (row.status === 'queued') checkArea.store.update(row.id, { status: 'running', progress: 40 });
  else if (row.status === 'running' && Number(row.progress) < 80) checkArea.store.update(row.id, { progress: 80 });
  else if (row.status === 'running') {
    checkArea.store.update(row.id, {
      status: 'done',
      progress: 100,
      finishedAt: new Date().toISOString(),
      figures: reportOf(row).figures,
      rewriteStatus: row.rewriteMode ? 'unavailable' : 'none',
    });
  }
  return checkArea.store.find(row.id) ?? row;
}

function submit(rewriteMode: string | null) {
  return withUser(async (request) => {
    const body = await readBody<{ id: string; addToLibrary: boolean; excludeSelf: boolean }>(request);
    const row = checkArea.store.find(String(body.id ?? ''));
    if (!row) return notFound();
    if (row.status !== 'draft') return fail(409, 'TASK_ALREADY_SUBMITTED', '该论文已提交查重，请勿重复提交');
    // Paid already (charges.ts, the free check or the balance, with the ledger entry).
    checkArea.store.update(row.id, {
      status: 'queued',
      progress: 0,
      addToLibrary: body.addToLibrary ?? false,
      excludeSelf: body.excludeSelf ?? true,
      rewriteMode,
      rewriteStatus: rewriteMode ? 'waiting' : 'none',
    });
    return ok(checkArea.store.find(row.id));
  });
}

export const checkOverrides = [
  http.post(`*${BASE}/word_count`, withUser(async (request) => {
    const { content = '' } = await readBody<{ content: string }>(request);
    const refused = refusedText(content);
    if (refused) return refused;
    const charCount = countChars(content);
    return ok({ charCount, priceFen: priceOf(charCount) });
  })),

  http.post(`*${BASE}/check_init`, withUser(async (request, user) => {
    const form = await request.formData().catch(() => null);
    if (!form) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请以 multipart/form-data 上传论文文件或正文');
    const title = String(form.get('title') ?? '').trim();
    const content = form.get('content');
    const entry = form.get('file');
    const file = isFile(entry) ? entry : null;
    if (!title) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请填写论文题目');
    if (file && typeof content === 'string' && content) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：上传文件和粘贴正文只能二选一');
    if (!file && !(typeof content === 'string' && content)) return fail(400, 'VALIDATION_FAILED', '请求参数不正确：请上传论文文件或粘贴论文正文');
    const text = file ? await textOf(file) : String(content);
    if (text instanceof Response) return text;
    const refused = refusedText(text);
    if (refused) return refused;
    const charCount = countChars(text);
    const row: Row = {
      id: faker.string.alphanumeric(12),
      title,
      author: String(form.get('author') ?? '').trim(),
      status: 'draft',
      progress: 0,
      priceFen: priceOf(charCount),
      charCount,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      offline: true,
      sourceType: file ? 'upload' : 'paste',
      fileName: file ? file.name : null,
      freeCheck: user.freeCheckAvailable,
      addToLibrary: false,
      excludeSelf: true,
      figures: null,
      rewriteTaskId: null,
      rewriteMode: null,
      rewriteStatus: 'none',
      editedFromId: null,
    };
    texts.set(row.id, text);
    checkArea.store.insert(row);
    return ok(row);
  })),

  http.post(`*${BASE}/check_submit`, submit(null)),
  http.post(`*${BASE}/check_machine_submit`, async (info) => {
    const { mode } = await readBody<{ mode: string }>(info.request.clone());
    return submit(mode ?? 'rewrite')(info);
  }),

  http.get(`*${BASE}/report_paragraphs`, withUser((request) => {
    const row = checkArea.store.find(idOf(request));
    if (!row) return notFound();
    if (row.status !== 'done') return fail(409, 'REPORT_NOT_READY', '查重尚未完成，报告暂不可查看');
    return ok(reportOf(row));
  })),

  http.get(`*${BASE}/download_report`, withUser((request) => {
    const row = checkArea.store.find(idOf(request));
    if (!row) return notFound();
    if (row.status !== 'done') return fail(409, 'REPORT_NOT_READY', '查重尚未完成，报告暂不可下载');
    const html = new URL(request.url).searchParams.get('format') === 'html';
    const name = encodeURIComponent(`${String(row.title)}-查重报告.${html ? 'html' : 'pdf'}`);
    const body = html ? `<!doctype html><title>${String(row.title)}</title>` : '%PDF-1.4\n%mock report\n%%EOF\n';
    return new HttpResponse(body, {
      headers: {
        'Content-Type': html ? 'text/html; charset=utf-8' : 'application/pdf',
        'Content-Disposition': `attachment; filename="report"; filename*=UTF-8''${name}`,
      },
    });
  })),

  http.post('*/api/base/task_api/progress', async ({ request }) => {
    const { ids = [] } = await readBody<{ ids: string[] }>(request.clone());
    const rows = ids.map((id) => checkArea.store.find(id));
    if (rows.length === 0 || rows.some((row) => !row)) return undefined;
    if (!userOf(request)) return unauthorized();
    return ok(
      (rows as Row[]).map(advance).map((row) => ({
        id: row.id,
        kind: 'check',
        status: row.status,
        progress: row.progress,
        error: row.error ?? null,
        updatedAt: new Date().toISOString(),
      })),
    );
  }),
];
