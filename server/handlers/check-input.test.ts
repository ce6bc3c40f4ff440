import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { buildDocx, buildImageOnlyPdf, buildZipBomb } from '../engines/text/fixtures/build';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { expectNoChange } from '../test/snapshot';
import { CHECK, init, scratchDir, type UploadFile } from './check.test-helpers';

const OWN = fixture('own-words.txt');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c00000000049454e44ae426082', 'hex');

async function corruptDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('word/document.xml', '<w:document><w:body><w:p>未闭合的标签');
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('check_init and word_count refuse bad input with a Chinese message, no charge, no task, no file', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;
  let token: string;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path, UPLOAD_LIMIT_BYTES: 1024 * 1024 });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  const refused = async (fields: Record<string, string>, file?: UploadFile) => {
    const response = await expectNoChange(t.db, () => init(t.app, token, fields, file));
    expect(await dir.files()).toEqual([]);
    return { status: response.statusCode, error: body(response).error };
  };
  const title = { title: '论文题目', author: '张三' };

  it.each([
    ['blank pasted text', () => ({ ...title, content: ' \n\t　 ' }), undefined, 400, 'EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字'],
    ['an empty file', () => title, { name: '空白.txt', data: Buffer.alloc(0) }, 400, 'EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字'],
  ])('%s', async (_name, fields, file, status, code, message) => {
    expect(await refused(fields(), file)).toEqual({ status, error: { code, message } });
  });

  it('text over 300 000 characters (pasted or uploaded) is 413 TEXT_TOO_LONG', async () => {
    const long = '字'.repeat(300_001);
    const message = '论文共 300001 字，超过单次检测 300000 字的上限，请删减或分章节检测';
    expect(await refused({ ...title, content: long })).toEqual({
      status: 413,
      error: { code: 'TEXT_TOO_LONG', message, details: { chars: 300_001, maxChars: 300_000 } },
    });
    const docx = await buildDocx(Array.from({ length: 301 }, () => '字'.repeat(1000)));
    expect((await refused(title, { name: '长论文.docx', data: docx })).error).toMatchObject({ code: 'TEXT_TOO_LONG', message: message.replace('300001', '301000') });
  });

  it('a corrupt .docx is 422 CORRUPT_DOCX', async () => {
    const result = await refused(title, { name: '论文.docx', data: await corruptDocx() });
    expect(result.status).toBe(422);
    expect(result.error.code).toBe('CORRUPT_DOCX');
    expect(result.error.message).toMatch(/Word/);
  });

  it('a PDF without a text layer (a scan) is 422 SCANNED_PDF', async () => {
    const result = await refused(title, { name: '扫描件.pdf', data: await buildImageOnlyPdf(2), type: 'application/pdf' });
    expect(result.status).toBe(422);
    expect(result.error.code).toBe('SCANNED_PDF');
    expect(result.error.message).toMatch(/文字/);
  });

  it('a renamed binary is 415 UNSUPPORTED_FILE_TYPE, whatever its name says', async () => {
    expect(await refused(title, { name: '论文.docx', data: PNG })).toEqual({
      status: 415,
      error: {
        code: 'UNSUPPORTED_FILE_TYPE',
        message: '文件内容不是 .docx、.pdf 或 .txt 文档（可能是修改了扩展名的其他文件），请上传正确的论文文件',
      },
    });
  });

  it('a zip bomb disguised as .docx is 413 DOCX_TOO_LARGE before it is inflated', async () => {
    const bomb = await buildZipBomb(50 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await refused(title, { name: '论文.docx', data: bomb });
    expect(result.status).toBe(413);
    expect(result.error.code).toBe('DOCX_TOO_LARGE');
    expect(result.error.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a file over the upload limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const result = await refused(title, { name: '大文件.txt', data: Buffer.from('字'.repeat(400_000)) });
    expect(result).toEqual({ status: 413, error: { code: 'PAYLOAD_TOO_LARGE', message: '文件过大，请上传不超过 1 MB 的文件' } });
  });

  it.each([
    ['both a file and pasted text', { ...title, content: OWN }, true, '请求参数不正确：上传文件和粘贴正文只能二选一'],
    ['neither a file nor pasted text', title, false, '请求参数不正确：请上传论文文件或粘贴论文正文'],
    ['a blank title', { title: '   ', content: OWN }, false, '请求参数不正确：请填写论文题目'],
  ])('%s is 400 VALIDATION_FAILED', async (_name, fields, withFile, message) => {
    const file = withFile ? { name: '论文.txt', data: Buffer.from(OWN) } : undefined;
    expect(await refused(fields, file)).toEqual({ status: 400, error: { code: 'VALIDATION_FAILED', message } });
  });

  it('a missing title is 400 from the contract', async () => {
    const result = await refused({ content: OWN });
    expect(result.status).toBe(400);
    expect(result.error.code).toBe('VALIDATION_FAILED');
    expect(result.error.message).toContain('title');
  });

  it('word_count refuses blank and over-long text the same way', async () => {
    const count = (content: string) => expectNoChange(t.db, () => post(t.app, `${CHECK}/word_count`, { token, payload: { content } }));
    const blank = await count('  \n ');
    expect(blank.statusCode).toBe(400);
    expect(body(blank).error.code).toBe('EMPTY_TEXT');
    const long = await count('字'.repeat(300_001));
    expect(long.statusCode).toBe(413);
    expect(body(long).error.code).toBe('TEXT_TOO_LONG');
  });

  it('needs a signed-in user', async () => {
    const response = await expectNoChange(t.db, () => post(t.app, `${CHECK}/word_count`, { payload: { content: OWN } }));
    expect(response.statusCode).toBe(401);
  });
});
