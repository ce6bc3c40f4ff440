import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../engines/text/fixtures/build';
import { extractText } from '../engines/text/extract';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { multipart, runJobs as drainJobs } from './check.test-helpers';

// Issue 22 on the real app, job runner and rewording engine: a thesis .docx with a title,
// headings, a 关键词 line, a caption, a 参考文献 list and a 致谢 goes through 降重 (no model: the offline
// engine), 智能降重 and 降AIGC. The rewritten .docx gives back the title, the headings, the keywords, the
// caption and every reference byte for byte; the body is rewritten; the record counts the sentences kept
// and why, and its term check (every detected term kept) is on the record and on each pair.

const PAPER = '/api/base/paper_machine_api';
const MACHINE = '/api/base/machine_api';
const AIGC = '/api/base/paper_aigc_api';
const machineStyle = readFileSync(new URL('../services/aigc/fixtures/machine-style.txt', import.meta.url), 'utf8').trim().split('\n');

const TITLE = '基于深度学习的文本相似度检测方法研究';
const KEPT = {
  title: TITLE,
  abstractHeading: '摘要',
  keywords: '关键词：文本相似度；深度学习；注意力机制',
  chapter: '第1章 绪论',
  section: '1.1 研究背景',
  caption: '图1 采用注意力机制的模型结构',
  references: '参考文献',
  ref1: '[1] 张明. 采用深度学习提高文本相似度检测精度的研究[J]. 计算机学报, 2020, 43(2): 1-9.',
  ref2: '[2] 李华. 因此需要进一步研究的若干问题[M]. 北京: 科学出版社, 2018.',
  thanks: '致谢',
  thanksText: '感谢导师在论文写作过程中给予的悉心指导，因此本文得以顺利完成。',
};
const BODY = [
  machineStyle[0],
  '本文采用基于注意力机制的深度学习模型对文本相似度进行建模，并通过对比实验验证了该方法的有效性。结果表明，该方法在三个数据集上的准确率均有明显提高。',
  machineStyle[1],
];
const PARAGRAPHS = [KEPT.title, KEPT.abstractHeading, BODY[0], KEPT.keywords, KEPT.chapter, KEPT.section, BODY[1], KEPT.caption, BODY[2], KEPT.references, KEPT.ref1, KEPT.ref2, KEPT.thanks, KEPT.thanksText];

interface Pair {
  original: string;
  rewritten: string;
  role: string;
  termsKept: boolean | null;
  lostTerms: string[];
  sentences: Array<{ start: number; end: number; status: string; reason?: string }>;
}
interface Task {
  id: string;
  status: string;
  sentenceRewritten: number | null;
  sentenceKept: number | null;
  keptReasons: Array<{ reason: string; count: number }>;
  termsChecked: number | null;
  termsKept: boolean | null;
  lostTerms: string[];
}

describe('a thesis .docx through 降重, 智能降重 and 降AIGC', () => {
  let t: TestApp;
  let docx: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    docx = await buildDocx(PARAGRAPHS);
  });
  afterAll(() => t.close());

  const runJobs = () => drainJobs(t.runtime);
  const paidUser = async () => {
    const { token } = await signUp(t.app);
    const me = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result;
    await grant(t.db, me.id, 50_000);
    return token;
  };
  const upload = async (base: string, token: string, fields: Record<string, string>) => {
    const form = await multipart({ title: TITLE, ...fields }, { name: '论文.docx', data: docx });
    const created = await t.app.inject({ method: 'POST', url: `${base}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    expect(created.statusCode, created.body).toBe(200);
    return body<{ id: string }>(created).result.id;
  };
  const submit = async (base: string, token: string, id: string) => {
    const submitted = await post(t.app, `${base}/machine_submit`, { token, payload: { id } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await runJobs();
  };
  /** The rewritten paper as the student downloads it, one paragraph a line. */
  const downloaded = async (token: string, id: string) => {
    const file = await post(t.app, `${PAPER}/download`, { token, query: { id } });
    expect(file.statusCode).toBe(200);
    return (await extractText(file.rawPayload)).text.split('\n').filter((line) => line.trim());
  };

  async function expectStructureKept(token: string, id: string, rewrittenBody: 'all' | 'some') {
    const record = body<Task>(await post(t.app, `${PAPER}/load_by_id`, { token, query: { id } })).result;
    expect(record.status).toBe('done');
    const lines = await downloaded(token, id);
    for (const kept of Object.values(KEPT)) expect(lines, kept).toContain(kept);
    const bodies = lines.filter((line) => !Object.values(KEPT).includes(line));
    expect(bodies).toHaveLength(BODY.length);
    const changed = bodies.filter((line, i) => line !== BODY[i]).length;
    if (rewrittenBody === 'all') expect(changed).toBe(BODY.length);
    else expect(changed).toBeGreaterThan(0);

    // The record says how many sentences were kept and why, and that every term came back.
    expect(record.sentenceRewritten).toBeGreaterThan(0);
    expect(record.sentenceKept).toBeGreaterThanOrEqual(Object.keys(KEPT).length);
    const reasons = Object.fromEntries(record.keptReasons.map((r) => [r.reason, r.count]));
    expect(reasons).toMatchObject({ title: 1, heading: 3, keywords: 1, caption: 1, references: 3, 'back-matter': 2 });
    expect(record).toMatchObject({ termsKept: true, lostTerms: [] });
    expect(record.termsChecked).toBeGreaterThanOrEqual(3);

    const pairs = body<{ records: Pair[] }>(await post(t.app, `${PAPER}/query_content_list`, { token, query: { id, pageSize: 100 } })).result.records;
    expect(pairs.map((p) => p.original)).toEqual(PARAGRAPHS);
    expect(pairs.map((p) => p.role)).toEqual(['title', 'heading', 'body', 'keywords', 'heading', 'heading', 'body', 'caption', 'body', 'references', 'references', 'references', 'back-matter', 'back-matter']);
    for (const p of pairs) {
      expect(p.termsKept).toBe(true);
      expect(p.sentences.length).toBeGreaterThan(0);
      if (p.role !== 'body') expect(p).toMatchObject({ rewritten: '', sentences: [{ status: 'kept', reason: p.role }] });
    }
    return record;
  }

  it('降重 without a model (the offline engine): structure kept byte for byte, the body rewritten, the counts on the record', async () => {
    const token = await paidUser();
    const id = await upload(PAPER, token, { mode: 'rewrite' });
    await submit(PAPER, token, id);
    await expectStructureKept(token, id, 'all');
  });

  it('智能降重: the same', async () => {
    const token = await paidUser();
    const id = await upload(MACHINE, token, {});
    await submit(MACHINE, token, id);
    const record = await expectStructureKept(token, id, 'all');
    expect(body<{ mode: string }>(await post(t.app, `${MACHINE}/load_by_id`, { token, query: { id } })).result.mode).toBe('smart');
    expect(record.sentenceRewritten! + record.sentenceKept!).toBeGreaterThan(Object.keys(KEPT).length);
  });

  it('降AIGC: only the flagged paragraphs rewritten, the others kept as not selected, the structure byte for byte', async () => {
    const token = await paidUser();
    const detection = await upload(AIGC, token, {});
    expect((await post(t.app, `${AIGC}/machine_submit`, { token, payload: { id: detection } })).statusCode).toBe(200);
    await runJobs();
    const lowered = await post(t.app, `${AIGC}/aigc_machine_submit`, { token, payload: { id: detection, mode: 'rewrite' } });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const id = body<{ id: string }>(lowered).result.id;
    await runJobs();
    const record = await expectStructureKept(token, id, 'some');
    const pairs = body<{ records: Pair[] }>(await post(t.app, `${PAPER}/query_content_list`, { token, query: { id, pageSize: 100 } })).result.records;
    const untouchedBodies = pairs.filter((p) => p.role === 'body' && !p.rewritten);
    for (const p of untouchedBodies) expect(p.sentences.every((s) => s.reason === 'not-selected' || s.status === 'kept')).toBe(true);
    expect(record.sentenceKept).toBeGreaterThan(Object.keys(KEPT).length - 1);
  });
});
