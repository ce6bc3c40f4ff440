// `npm run bench -- writing [--runs 10] [--degree doctor]`: the paper-writing figures.
// 1. .docx build time of a 30 000-character paper (bachelor template outline, every section filled, 30
//    references), in this process: median and p95 of --runs builds after two warm-ups, and the file's size.
// 2. Server overhead per streamed token: the real server (server/server.ts, NODE_ENV=production, embedded
//    PGlite) writes a whole paper (generate_paper, commit_paper, the job in the API process) against the fake
//    model (server/test/fake-llm.ts) in this process, answering at full speed; the server process's CPU time
//    while it writes, divided by the tokens the model streamed for the paper (target < 0.1 ms a token), and the
//    wall time the job added over the model's own time per token.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { countChars } from '@common/char-count';
import { buildPaperDocx, type PaperDocument } from '../../server/engines/writing/docx';
import { outlineRows } from '../../server/engines/writing/outline';
import { outlineTemplate } from '../../server/engines/writing/templates';
import { type ModelServer, root, startModelServer } from '../model-server';
import { median, quantile } from '../stats';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, degree: { type: 'string', default: 'doctor' } },
  allowPositionals: true,
});
const RUNS = Number(args.runs);
const USER = { username: 'benchwriting', password: 'Moyan2026!' };
const SENTENCE = '本研究在公开数据集上比较了多种中文文本相似度计算方法，分析了字词粒度特征对结果的影响，并讨论了方法的适用范围[1]。';

const p95 = (v: number[]) => quantile(v, 0.95);

/** A bachelor paper of about 30 000 characters: the template outline with each section filled to its share. */
function paper30k(): PaperDocument {
  const { outline } = outlineTemplate('bachelor', '计算机科学与技术', 30_000);
  const rows = outlineRows(outline);
  const sections = rows.map((r) => {
    const paragraphs: string[] = [];
    let chars = 0;
    while (chars < r.targetLength) {
      const p = SENTENCE.repeat(4);
      paragraphs.push(p);
      chars += countChars(p);
    }
    return { level: r.level, heading: r.heading, content: r.writes ? paragraphs.join('\n') : '' };
  });
  return {
    title: '基于深度学习的中文文本相似度研究',
    author: '张三',
    institution: '某某大学计算机学院',
    kind: '本科毕业论文',
    date: '2026年11月',
    abstract: SENTENCE.repeat(8),
    keywords: ['文本相似度', '深度学习', '孪生网络'],
    englishAbstract: 'This paper studies Chinese text similarity. '.repeat(10),
    englishKeywords: ['text similarity'],
    sections,
    references: Array.from({ length: 30 }, (_, i) => `作者${i + 1}, 合作者. 中文文本相似度研究第${i + 1}篇[J]. 计算机学报, 2020, ${i + 1}(3): 1-10.`),
    acknowledgement: '感谢××老师的悉心指导。',
  };
}

async function docxFigures() {
  const doc = paper30k();
  const chars = doc.sections.reduce((n, s) => n + countChars(s.content), 0);
  for (let i = 0; i < 2; i++) await buildPaperDocx(doc);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = (await buildPaperDocx(doc)).length;
    times.push(performance.now() - started);
  }
  return { chars, sections: doc.sections.length, runs: RUNS, medianMs: +median(times).toFixed(1), p95Ms: +p95(times).toFixed(1), kB: Math.round(bytes / 1024) };
}

let server: ModelServer | undefined;

try {
  const docx = await docxFigures();
  console.log(
    `.docx of a ${docx.chars.toLocaleString('en')}-character paper (${docx.sections} headings, 30 references): ` +
      `${docx.medianMs} ms median, ${docx.p95Ms} ms p95 over ${docx.runs} builds, ${docx.kB} kB`,
  );

  server = await startModelServer('writing', USER, {
    JOBS_IN_PROCESS: 'true',
    JOB_POLL_MS: '50',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    READ_RATE_LIMIT_PER_MINUTE: '100000',
    POLL_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const { fake } = server;
  // Warm-up: one short paper end to end (JIT, tokenizer, first transactions).
  await writePaper(server, 'journal', 3000);
  fake.reset();
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  const sections = await writePaper(server, args.degree as 'doctor', args.degree === 'journal' ? 8000 : 80_000);
  const wallMs = performance.now() - started;
  const cpuMs = server.cpuMs() - cpuBefore;
  const calls = fake.requests.filter((r) => r.finished && r.stream);
  const tokens = calls.reduce((n, r) => n + r.tokens, 0);
  const modelMs = calls.reduce((n, r) => n + ((r.lastTokenAt ?? r.receivedAt) - r.receivedAt), 0);
  const stream = {
    degree: args.degree,
    sections,
    modelCalls: calls.length,
    tokens,
    wallS: +(wallMs / 1000).toFixed(2),
    cpuPerTokenMs: +(cpuMs / tokens).toFixed(4),
    wallAddedPerTokenMs: +((wallMs - modelMs) / tokens).toFixed(4),
  };
  console.table([stream]);
  console.log(
    `a ${args.degree} paper of ${sections} sections written through the gateway: ${tokens} streamed tokens in ${calls.length} model calls, ` +
      `server CPU ${stream.cpuPerTokenMs} ms a token (target < 0.1 ms; each section also saved as it streams, every 400 ms, and when done), ` +
      `wall time added over the model's ${stream.wallAddedPerTokenMs} ms a token (polling the job, storing, the citation check)`,
  );
  console.log(`server: NODE_ENV=production, embedded PGlite, jobs in the API process; fake model at full speed in this process; load ${loadavg()[0].toFixed(1)}`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/writing.json'), `${JSON.stringify({ docx, stream }, null, 2)}\n`);
} finally {
  await server?.close();
}

async function call<T>({ base, token }: ModelServer, path: string, init: { query?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await response.json()) as { success: boolean; result: T; error?: { message: string } };
  if (!json.success) throw new Error(`${path}: ${response.status} ${json.error?.message}`);
  return json.result;
}

/** generate_paper, commit_paper, then wait until the job is done; returns the number of sections written. */
async function writePaper(server: ModelServer, degree: string, length: number): Promise<number> {
  const draft = await call<{ id: string; outline: unknown }>(server, '/api/base/ai_paper_info_api/generate_paper', {
    body: { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree, length, references: ['王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.'] },
  });
  await call(server, '/api/base/ai_paper_info_api/commit_paper', { body: { id: draft.id, outline: draft.outline } });
  for (;;) {
    const paper = await call<{ status: string; sectionsDone: number; error: string | null }>(server, '/api/base/ai_paper_info_api/load_by_id', { query: { id: draft.id } });
    if (paper.status === 'done') return paper.sectionsDone;
    if (paper.status === 'failed') throw new Error(`the paper failed: ${paper.error}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

