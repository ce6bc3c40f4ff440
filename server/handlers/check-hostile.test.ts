import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../engines/text/fixtures/build';
import { buildDocxBomb, buildGarbagePdf, buildPdfBomb } from '../engines/text/fixtures/hostile';
import { body, createTestApp, signUp, type TestApp } from '../test/app';
import { expectNoChange } from '../test/snapshot';
import { init, scratchDir, type UploadFile } from './check.test-helpers';

// The uploads of issue 8 that froze or killed the server: each is answered with a 4xx envelope by a
// worker thread, the API keeps answering meanwhile, and the next upload is read as usual.
describe('check_init with hostile files', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;
  let token: string;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  const title = { title: '论文题目' };
  const health = async (app = t.app) => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;

  /** Uploads the file, asking /api/health again and again until the upload is answered. */
  async function uploadWhilePolling(file: UploadFile, app = t.app) {
    let answered = false;
    const upload = expectNoChange(t.db, () => init(app, token, title, file)).finally(() => {
      answered = true;
    });
    const healthWhileBusy: number[] = [];
    while (!answered) {
      healthWhileBusy.push(await health(app));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const response = await upload;
    expect(await dir.files()).toEqual([]);
    return { status: response.statusCode, error: body(response).error, healthWhileBusy };
  }

  it.each([
    ['a 1.6 MB PDF whose content inflates to 1 GB', () => buildPdfBomb(), '论文.pdf', 413, 'PDF_TOO_LARGE'],
    ['a 2 MB .docx whose document.xml is 190 MB (94:1)', () => buildDocxBomb(), '论文.docx', 413, 'DOCX_TOO_LARGE'],
    ['a .docx with 19 million characters', () => buildDocxBomb(60 * 1024 * 1024), '论文.docx', 413, 'TEXT_TOO_LONG'],
  ])('%s is refused', async (_name, build, name, status, code) => {
    const result = await uploadWhilePolling({ name, data: await build() });
    expect(result.status).toBe(status);
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(/[\u4e00-\u9fff]/);
    expect(result.healthWhileBusy.every((s) => s === 200)).toBe(true);
  });

  it('a garbage PDF that keeps the parser busy is stopped by the time limit (422) while the API answers', async () => {
    const strict = await createTestApp({ DATA_DIR: dir.path, PARSE_TIMEOUT_MS: 1000 }, { db: t.db });
    const garbage = { name: '乱码.pdf', data: buildGarbagePdf(4 * 1024 * 1024), type: 'application/pdf' };
    const result = await uploadWhilePolling(garbage, strict.app).finally(() => strict.close());
    expect(result.status).toBe(422);
    expect(result.error).toEqual({
      code: 'PARSE_TIMEOUT',
      message: '文件解析超时（文件可能已损坏或结构异常），已停止处理，请检查文件后重新上传',
    });
    // Parsing went on for the whole time limit in a worker; health was answered all along.
    expect(result.healthWhileBusy.length).toBeGreaterThanOrEqual(5);
    expect(result.healthWhileBusy.every((s) => s === 200)).toBe(true);
  });

  it('after all of them the server reads the next upload as usual', async () => {
    expect(await health()).toBe(200);
    const docx = await buildDocx(['基于字符指纹的中文文本相似度检测研究', '实验结果表明，该方法能够在大规模比对库中快速找出复制的片段。']);
    const response = await init(t.app, token, title, { name: '论文.docx', data: docx });
    expect(response.statusCode).toBe(200);
    expect(body<{ charCount: number; sourceType: string }>(response).result).toMatchObject({ sourceType: 'upload' });
  });
});
