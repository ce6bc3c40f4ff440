import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { ReferenceLibrary } from '../services/library/library';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { CHECK, init } from './check.test-helpers';

const A = fixture('source-a.txt');
const ENGLISH =
  'Text similarity detection compares a paper with the documents of a reference library and finds passages that are the same or nearly so. ' +
  'This paper studies fingerprinting methods for long documents.';

interface Quote {
  enough: boolean;
  warnings: Array<{ code: string; message: string }>;
}

// check_cost tells the user, before paying, what makes the figure mean little: an empty or small library
// (LIBRARY_SMALL_DOCUMENTS) and a text with little Chinese in a Chinese library.
describe('check_cost warnings before payment', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ LIBRARY_SMALL_DOCUMENTS: 3 });
    token = (await signUp(t.app)).token;
    const { id } = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result;
    await grant(t.db, id, 10_000);
  });
  afterAll(() => t.close());

  const quote = async (content: string) => {
    const draft = body<{ id: string }>(await init(t.app, token, { title: '论文', content })).result;
    return body<Quote>(await post(t.app, `${CHECK}/check_cost`, { token, payload: { id: draft.id } })).result;
  };

  it('warns that an empty library reports 0 % whatever the paper, without blocking payment', async () => {
    const cost = await quote(A);
    expect(cost.enough).toBe(true);
    expect(cost.warnings).toEqual([
      { code: 'library_empty', message: '本站比对库中还没有任何文献，检测结果将是 0%，并不说明论文没有重复。建议等管理员导入比对文献后再检测。' },
    ]);
  });

  it('warns about a library below the threshold, with its size, and not from the threshold on', async () => {
    const library = new ReferenceLibrary(t.db);
    await library.addDocuments([
      { id: 'a', title: '一', text: A },
      { id: 'b', title: '二', text: A.slice(10) },
    ]);
    expect((await quote(A)).warnings).toEqual([
      { code: 'library_small', message: expect.stringMatching(/^本站比对库目前只收录 2 篇文献（[\d,]+ 字），检测结果只反映与这些文献的重合，可能明显偏低。$/) },
    ]);
    await library.addDocuments([{ id: 'c', title: '三', text: A.slice(20) }]);
    expect((await quote(A)).warnings).toEqual([]);
  });

  it('warns that the library is Chinese when under 30 % of the counted characters are Chinese', async () => {
    const english = await quote(ENGLISH);
    expect(english.warnings).toEqual([
      { code: 'little_chinese', message: '本系统比对库以中文文献为主，英文内容的检测结果可能偏低（本文中文字符约占 0%）。' },
    ]);
    // 40 counted characters of English (a word counts 1) and 14 or 21 Chinese ones: 29.8 % and 38.9 %.
    const under = await quote(`${ENGLISH}${'文本相似度检测'.repeat(2)}`);
    expect(under.warnings).toEqual([expect.objectContaining({ code: 'little_chinese', message: expect.stringContaining('约占 29%') })]);
    expect((await quote(`${ENGLISH}${'文本相似度检测'.repeat(3)}`)).warnings).toEqual([]);
  });

  it('warns nothing once the check is submitted', async () => {
    const draft = body<{ id: string }>(await init(t.app, token, { title: '论文', content: ENGLISH })).result;
    await post(t.app, `${CHECK}/check_submit`, { token, payload: { id: draft.id } });
    const cost = body<Quote>(await post(t.app, `${CHECK}/check_cost`, { token, payload: { id: draft.id } })).result;
    expect(cost.warnings).toEqual([]);
  });
});
