// `npm run bench -- fairness [--measure-s 30] [--check-limit-s 240]`: one account must not hold what everyone
// shares (issue 21). The real server (NODE_ENV=production, embedded PGlite, default limits) and the fake model
// (server/test/fake-llm.ts) in this process. One account floods, all at once:
// - the model: 10 chat questions at a time, each answered slowly (300 ms a token, a long answer), asked again
//   as soon as one ends;
// - the job queue: 2 papers whose model writes at 300 ms a token and 2 rewrites whose model hangs;
// - heavy reads: 10 report_paragraphs at a time of its 300 000-character report.
// Meanwhile a second account, whose own model answers are fast, is measured: its chat's first token (and
// whether it was answered or refused), its 1 KB 查重 from submit to done, and the p50/p99 of its records
// list (ai_ppt_info_api/query_list of its 7 rendered decks), with GET /api/health beside it; the list and
// health are measured for 10 s before the flood too, to show what the machine gives without it.
// Targets: the 查重 done in under 5 s, the chat answered (not 503), the list p99 under 200 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createParser } from 'eventsource-parser';
import { root, startModelServer } from '../model-server';
import { median, quantile } from '../stats';
import { bigPaper, DECK_PAPER, ONE_KB } from './texts';

const { values: args } = parseArgs({
  options: {
    'measure-s': { type: 'string', default: '30' },
    'check-limit-s': { type: 'string', default: '240' },
  },
  allowPositionals: true,
});
const MEASURE_MS = Number(args['measure-s']) * 1000;
const CHECK_LIMIT_MS = Number(args['check-limit-s']) * 1000;
const QUIET_MS = 10_000;
const FLOOD = '洪水';
const HANG = '悬停';
const FLOODER = { username: 'benchflood', password: 'Moyan2026!' };
const OTHER = { username: 'benchother', password: 'Moyan2026!' };
const library = ['source-a.txt', 'source-b.txt'].map((f) => join(root, 'server/engines/similarity/fixtures', f));

// The flood stops asking once the measuring is done; what it still has under way ends when the server stops.
let stopped = false;
const floodCounts: Record<'chat' | 'reads', Record<string, number>> = { chat: {}, reads: {} };
const server = await startModelServer('fairness', FLOODER, {}, { others: [OTHER], library });
const { base, fake } = server;
const flooder = client(server.token);
const other = client(server.others[0]);

try {
  console.log('setting up: the flooder’s 300 000-character report, the other account’s 7 rendered decks …');
  const started = performance.now();
  const [report] = await Promise.all([bigReport(), sevenDecks()]);
  console.log(`set up in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // What this machine gives the list and health before anyone floods (other sessions share its 2 cores).
  const listCall = () => other.post('/api/base/ai_ppt_info_api/query_list', { query: { pageSize: '10' } });
  const healthCall = () => fetch(`${base}/api/health`);
  const [quietList, quietHealth] = await Promise.all([measureLatency(listCall, QUIET_MS), measureLatency(healthCall, QUIET_MS)]);

  fake.when(FLOOD, 'slow=300', 'long');
  fake.when(HANG, 'hang');
  for (let i = 0; i < 10; i++) {
    void loop(floodCounts.chat, () => flooder.post('/api/base/chat_gpt_api/completions', { body: { content: `${FLOOD}问题 ${i}：文献综述怎么写？` } }));
    void loop(floodCounts.reads, () => flooder.get('/api/base/check_api/report_paragraphs', { id: report }));
  }
  const jobs = await floodJobs();
  console.log('flooding: 10 slow chats, 10 report reads at a time, 2 papers on a slow model, 2 rewrites on a hanging one …');
  // The flood settles in: the chats are streaming, the papers and rewrites have taken what slots they get.
  await sleep(8000);

  const [chat, check, list, health] = await Promise.all([measureChat(), measureCheck(), measureLatency(listCall, MEASURE_MS), measureLatency(healthCall, MEASURE_MS)]);
  stopped = true;
  const result = { chat, check, list, health, quiet: { list: quietList, health: quietHealth }, flood: { ...floodCounts, jobs: await jobStatuses(jobs) }, load: loadavg()[0] };
  console.table([
    { measure: 'other: chat answered', value: `${chat.answered}/${chat.asked}`, detail: chat.statuses.join(' '), target: 'all answered (no 503)' },
    { measure: 'other: chat first token p50 / max ms', value: `${fmt(chat.firstTokenP50)} / ${fmt(chat.firstTokenMax)}`, detail: '', target: '' },
    { measure: 'other: 1 KB 查重 submit → done s', value: check.doneMs === null ? `> ${CHECK_LIMIT_MS / 1000}` : fmt(check.doneMs / 1000, 1), detail: `waited queued ${fmt(check.queuedMs / 1000, 1)} s`, target: '< 5 s' },
    { measure: 'other: query_list p50 / p99 ms', value: `${fmt(list.p50)} / ${fmt(list.p99)}`, detail: `${list.count} calls, ${list.failures} failed`, target: 'p99 < 200 ms' },
    { measure: '/api/health p50 / p99 ms', value: `${fmt(health.p50)} / ${fmt(health.p99)}`, detail: `${health.count} calls`, target: '' },
    { measure: 'no flood: query_list p50 / p99 ms', value: `${fmt(quietList.p50)} / ${fmt(quietList.p99)}`, detail: `${quietList.count} calls`, target: '' },
    { measure: 'no flood: /api/health p50 / p99 ms', value: `${fmt(quietHealth.p50)} / ${fmt(quietHealth.p99)}`, detail: `${quietHealth.count} calls`, target: '' },
    { measure: 'flooder: chats', value: JSON.stringify(result.flood.chat), detail: '', target: '' },
    { measure: 'flooder: report reads', value: JSON.stringify(result.flood.reads), detail: '', target: '' },
    { measure: 'flooder: jobs at the end', value: result.flood.jobs.join(' '), detail: '', target: '' },
  ]);
  console.log(`server: npm run serve, NODE_ENV=production, embedded PGlite, default limits; fake model and clients in this process; load ${result.load.toFixed(1)}`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/fairness.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  stopped = true;
  await server.close();
}

type Envelope<T> = { success: boolean; result: T; error?: { code: string; message: string } };

function client(token: string) {
  const call = async (method: string, path: string, init: { query?: Record<string, string>; body?: unknown; form?: FormData } = {}) => {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(url, { method, headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  };
  const result = async <T>(response: Promise<Response>): Promise<T> => {
    const r = await response;
    const json = (await r.json()) as Envelope<T>;
    if (!json.success) throw new Error(`${r.url}: ${r.status} ${JSON.stringify(json.error)}`);
    return json.result;
  };
  return {
    post: (path: string, init: { query?: Record<string, string>; body?: unknown; form?: FormData } = {}) => call('POST', path, init),
    get: (path: string, query: Record<string, string>) => call('GET', path, { query }),
    result,
  };
}

/** Repeats `request` until the flood stops, counting the answers by status into `counts`. */
async function loop(counts: Record<string, number>, request: () => Promise<Response>): Promise<void> {
  while (!stopped) {
    let code: string;
    try {
      const response = await request();
      const text = await response.text();
      code = response.ok ? String(response.status) : `${response.status} ${(JSON.parse(text) as Envelope<unknown>).error?.code ?? ''}`;
      // A refusal names its wait; asking again at once would only measure the refusal.
      if (!response.ok) await sleep(1000);
    } catch {
      code = 'error';
    }
    if (!stopped) counts[code] = (counts[code] ?? 0) + 1;
  }
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

async function waitForStatus(load: () => Promise<{ status: string }>, done: (status: string) => boolean, limitMs: number): Promise<string> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const { status } = await load();
    if (done(status) || performance.now() > deadline) return status;
    await sleep(200);
  }
}

/** The flooder's 300 000-character paper, checked, for report_paragraphs. */
async function bigReport(): Promise<string> {
  const CHECK = '/api/base/check_api';
  const draft = await flooder.result<{ id: string }>(flooder.post(`${CHECK}/check_init`, { form: form({ title: '洪水：三十万字的论文', author: '张三', content: bigPaper(300_000) }) }));
  await flooder.result(flooder.post(`${CHECK}/check_submit`, { body: { id: draft.id } }));
  const status = await waitForStatus(() => flooder.result(flooder.post(`${CHECK}/load_by_id`, { query: { id: draft.id } })), (s) => s === 'done' || s === 'failed', 600_000);
  if (status !== 'done') throw new Error(`the big check ended ${status}`);
  const bytes = (await (await flooder.get(`${CHECK}/report_paragraphs`, { id: draft.id })).arrayBuffer()).byteLength;
  console.log(`the flooder’s report: ${(bytes / 1e6).toFixed(1)} MB`);
  return draft.id;
}

/** The other account's 7 decks, rendered (its records list). */
async function sevenDecks(): Promise<void> {
  const PPT = '/api/base/ai_ppt_info_api';
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const deck = await other.result<{ id: string }>(
      other.post(`${PPT}/save_or_update`, {
        body: { title: `第 ${i + 1} 次答辩`, templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 15, source: 'paper', paperText: DECK_PAPER },
      }),
    );
    await other.result(other.post(`${PPT}/submit_by_id`, { query: { id: deck.id } }));
    ids.push(deck.id);
  }
  for (const id of ids) {
    const status = await waitForStatus(() => other.result(other.post(`${PPT}/load_by_id`, { query: { id } })), (s) => s === 'done' || s === 'failed', 600_000);
    if (status !== 'done') throw new Error(`a deck ended ${status}`);
  }
}

/** The flooder's 2 papers (slow model) and 2 rewrites (hanging model), submitted. */
async function floodJobs(): Promise<Array<{ base: string; id: string }>> {
  const INFO = '/api/base/paper_info_api';
  const PAPER = '/api/base/paper_machine_api';
  const jobs: Array<{ base: string; id: string }> = [];
  for (let i = 0; i < 2; i++) {
    const paper = await flooder.result<{ id: string }>(
      flooder.post(`${INFO}/paper_xueshu_submit`, { body: { title: `${FLOOD}：中文文本相似度方法研究之${i + 1}`, discipline: '计算机科学与技术', length: 3000 } }),
    );
    jobs.push({ base: INFO, id: paper.id });
  }
  for (let i = 0; i < 2; i++) {
    const content = ONE_KB.split('。').filter(Boolean).map((s) => `${s}，${HANG}。`).join('\n');
    const draft = await flooder.result<{ id: string }>(flooder.post(`${PAPER}/machine_init`, { form: form({ title: `${HANG}的降重 ${i + 1}`, mode: 'strong', content }) }));
    await flooder.result(flooder.post(`${PAPER}/machine_submit`, { body: { id: draft.id } }));
    jobs.push({ base: PAPER, id: draft.id });
  }
  return jobs;
}

/** The flooder's jobs' statuses. */
async function jobStatuses(jobs: Array<{ base: string; id: string }>): Promise<string[]> {
  return Promise.all(jobs.map(async (job) => (await flooder.result<{ status: string }>(flooder.post(`${job.base}/load_by_id`, { query: { id: job.id } }))).status));
}

/** The other account asks 5 questions in turn (streamed); the first token's delay and how each ended. */
async function measureChat() {
  const firstTokens: number[] = [];
  const statuses: string[] = [];
  for (let i = 0; i < 5; i++) {
    const sent = performance.now();
    const response = await fetch(`${base}/api/base/chat_gpt_api/completions_stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.others[0]}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: `第 ${i + 1} 个问题：开题报告怎么写？` }),
    });
    if (!response.ok || !response.body) {
      const error = ((await response.json()) as Envelope<unknown>).error;
      statuses.push(`${response.status} ${error?.code ?? ''}`);
      continue;
    }
    let first: number | null = null;
    let end = 'none';
    const parser = createParser({
      onEvent: (event) => {
        const data = JSON.parse(event.data) as { type: string; code?: string };
        if (data.type === 'delta') first ??= performance.now() - sent;
        if (data.type === 'done') end = 'done';
        if (data.type === 'error') end = `error ${data.code ?? ''}`;
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    statuses.push(end === 'done' ? '200' : end);
    if (first !== null) firstTokens.push(first);
    await sleep(2000);
  }
  return {
    asked: statuses.length,
    answered: statuses.filter((s) => s === '200').length,
    statuses,
    firstTokenP50: firstTokens.length ? median(firstTokens) : Number.NaN,
    firstTokenMax: firstTokens.length ? Math.max(...firstTokens) : Number.NaN,
  };
}

/** The other account's 1 KB 查重: from submit until done, and how long it stayed queued. */
async function measureCheck() {
  const CHECK = '/api/base/check_api';
  const draft = await other.result<{ id: string }>(other.post(`${CHECK}/check_init`, { form: form({ title: '一千字的短文', author: '李四', content: ONE_KB }) }));
  const submitted = performance.now();
  await other.result(other.post(`${CHECK}/check_submit`, { body: { id: draft.id } }));
  let queuedMs = 0;
  const deadline = submitted + CHECK_LIMIT_MS;
  for (;;) {
    const { status } = await other.result<{ status: string }>(other.post(`${CHECK}/load_by_id`, { query: { id: draft.id } }));
    const at = performance.now();
    if (status === 'queued') queuedMs = at - submitted;
    if (status === 'done' || status === 'failed') return { doneMs: status === 'done' ? at - submitted : null, queuedMs, status };
    if (at > deadline) return { doneMs: null, queuedMs, status };
    await sleep(100);
  }
}

/** One request after another for `ms`: p50, p99 and failures. */
async function measureLatency(request: () => Promise<Response>, ms: number) {
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const sent = performance.now();
    try {
      const response = await request();
      await response.arrayBuffer();
      if (!response.ok) failures++;
    } catch {
      failures++;
    }
    times.push(performance.now() - sent);
    await sleep(50);
  }
  return { count: times.length, failures, p50: median(times), p99: quantile(times, 0.99) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function fmt(x: number, digits = 0): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}
