import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { ReferenceLibrary } from '../services/library/library';
import { body, createTestApp, post, type TestApp } from '../test/app';
import { CHECK, get, init, qrSignUp, runJobs, scratchDir } from './check.test-helpers';

// Heavy reads (issue 21): ten report_paragraphs of one 2.4 MB report at once held the server for a second
// each. Whole reports and files now have a per-user limit of their own (READ_RATE_LIMIT_PER_MINUTE), and a
// report is built and serialised once per version, its owner still checked on every request.

const A = fixture('source-a.txt');
const OWN = fixture('own-words.txt');

describe('heavy reads', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path, READ_RATE_LIMIT_PER_MINUTE: 12 });
    await new ReferenceLibrary(t.db).addDocuments([{ id: 'lib-a', title: '指纹检测方法综述', text: A }]);
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  /** A QR sign-up's free check of a short paper, run to its report. */
  async function checked(): Promise<{ token: string; id: string }> {
    const token = await qrSignUp(t.app);
    const draft = body<{ id: string }>(await init(t.app, token, { title: '指纹检测研究', author: '张三', content: `${OWN}\n${A}` })).result;
    expect((await post(t.app, `${CHECK}/check_submit`, { token, payload: { id: draft.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    return { token, id: draft.id };
  }
  const report = (token: string, id: string) => get(t.app, 'report_paragraphs', token, { id });

  it('answers reads of one report at once with the same report, its title as it is now, and only to its owner', async () => {
    const { token, id } = await checked();
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(token, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const first = body<{ title: string; paragraphs: unknown[]; sources: unknown[] }>(answers[0]).result;
    expect(first.title).toBe('指纹检测研究');
    expect(first.paragraphs.length).toBeGreaterThan(1);
    expect(answers[0].headers['content-type']).toMatch(/^application\/json/);

    const stranger = await qrSignUp(t.app);
    expect((await report(stranger, id)).statusCode).toBe(404);

    await post(t.app, `${CHECK}/update_title`, { token, query: { id }, payload: { title: '改名后的论文', author: '李四' } });
    const renamed = body<{ title: string; author: string; paragraphs: unknown[] }>(await report(token, id)).result;
    expect(renamed).toMatchObject({ title: '改名后的论文', author: '李四' });
    expect(renamed.paragraphs).toEqual(first.paragraphs);
  });

  it('limits whole-report reads per user, with the Chinese envelope; another user reads on', async () => {
    const flooder = await checked();
    const other = await checked();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await report(flooder.token, flooder.id)).statusCode);
    expect(new Set(codes)).toEqual(new Set([200]));
    const refused = await report(flooder.token, flooder.id);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' } });
    expect((await report(other.token, other.id)).statusCode).toBe(200);
  });
});
