// Shared by the crash-safety tests (server/crash-safety.test.ts: the server on the embedded database;
// server/worker-crash-safety.pg.test.ts: the API and a separate worker on PostgreSQL): the real processes,
// a client of their API, the tasks each test submits before a SIGKILL, and what must hold after the restart.
import { join } from 'node:path';
import { expect } from 'vitest';
import { multipart } from '../handlers/check.test-helpers';
import { FAKE_MODEL } from './fake-llm';

/**
 * The environment of a crash test's server (on `port`) or worker: test mode on loopback, the fake model at `modelUrl`
 * (no retries), a 5 s job lease so a killed task is taken over soon, tokens looked up on every call. No
 * DATABASE_URL (the embedded database in DATA_DIR) unless `databaseUrl`.
 */
export function crashTestEnv(options: { dataDir: string; modelUrl: string; port?: number; databaseUrl?: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(options.dataDir, 'no-spa'),
    LLM_BASE_URL: options.modelUrl,
    LLM_MODEL: FAKE_MODEL,
    LLM_MAX_RETRIES: '0',
    JOB_LEASE_SECONDS: '5',
    AUTH_CACHE_TTL_MS: '0',
  };
  if (options.port !== undefined) env.PORT = String(options.port);
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

/** The headers and body of an API call: the bearer token if any, then a multipart form or a JSON body. */
export async function requestOf(token: string | undefined, init: { body?: unknown; form?: Record<string, string> }) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.form) {
    const form = await multipart(init.form);
    Object.assign(headers, form.headers);
    payload = new Uint8Array(form.payload);
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(init.body);
  }
  return { headers, payload };
}

type Envelope<T> = { success: boolean; result: T; error?: { code: string; message: string } };
type Ledger = { records: Array<{ kind: string; amountFen: number; taskId: string | null }> };
type CallInit = { query?: Record<string, string>; body?: unknown; form?: Record<string, string> };

/** The API over HTTP as one signed-in user; `base` changes when a test restarts the server on another port. */
export class ApiClient {
  base = '';
  token = '';
  /** What a failed wait prints after its own message (the processes' output). */
  diagnostics: () => string = () => '';

  async call<T>(path: string, init: CallInit = {}): Promise<T> {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const { headers, payload } = await requestOf(this.token, init);
    const response = await fetch(url, { method: path.endsWith('account_info_api/account') ? 'GET' : 'POST', headers, body: payload });
    const json = (await response.json()) as Envelope<T>;
    if (!json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json.error)}`);
    return json.result;
  }

  /** Registers `username` and buys a 50 元 recharge through 沙箱支付 `times` times. */
  async signUpAndTopUp(username: string, times = 1): Promise<number> {
    this.token = (await this.call<{ access_token: string }>('/api/base/login_api/f/register', { body: { username, password: 'Moyan2026!' } })).access_token;
    for (let i = 0; i < times; i++) {
      const order = await this.call<{ id: string; payUrl: string }>('/api/order/order_info_api/create_order', {
        body: { packageId: 'pkg-recharge-5000', payChannel: 'sandbox' },
      });
      const payToken = new URL(order.payUrl, this.base).searchParams.get('token');
      await this.call('/api/order/order_info_api/f/sandbox_notify', { body: { orderId: order.id, token: payToken } });
    }
    return (await this.call<{ balanceFen: number }>('/api/base/account_info_api/account')).balanceFen;
  }

  /** The user's ledger entries of one task. */
  async ledgerOf(taskId: string): Promise<Ledger['records']> {
    const ledger = await this.call<Ledger>('/api/base/account_info_api/ledger', { query: { pageSize: '100' } });
    return ledger.records.filter((entry) => entry.taskId === taskId);
  }

  /** Polls `read` until `done` holds; on timeout fails with the last value and the processes' output. */
  async waitUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}\n${this.diagnostics().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** After the restart: the task ends by itself, charged once, refunded once if (and only if) it failed. */
  async endsOnceCharged(task: SubmittedTask, timeoutMs?: number): Promise<string> {
    const end = await this.waitUntil(`${task.kind} task ${task.id}`, task.status, (s) => s === 'done' || s === 'failed', timeoutMs);
    const entries = await this.ledgerOf(task.id);
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(1);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(end === 'failed' ? 1 : 0);
    return end;
  }
}

/** The generated parts a task has stored so far, by key, and how many the task makes in all. */
export interface StoredParts {
  parts: Map<string, string>;
  total: number;
}

export interface SubmittedTask {
  kind: string;
  id: string;
  status(): Promise<string>;
  /** Rewritten paragraphs by index, written sections by id; none for tasks that store their result at the end. */
  stored(): Promise<StoredParts>;
}

/** Every part stored before the kill is still there, unchanged; a task that ended done has all its parts. */
export function expectPartsKept(before: StoredParts, after: StoredParts, end: string): void {
  for (const [key, text] of before.parts) expect(after.parts.get(key), `part ${key}`).toBe(text);
  if (end === 'done') expect(after.parts.size).toBe(after.total);
}

const nothingStored = async (): Promise<StoredParts> => ({ parts: new Map(), total: 0 });

const REWRITE_TEXT = [
  '文本相似度计算在学术不端检测中发挥着重要作用，常见方法包括基于指纹的方法和基于对齐的方法。',
  '基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹，以便快速比较。',
  '对齐方法在候选片段之间寻找最长的公共子串，能够定位到句子级别的重合位置，但计算代价较高。',
  '近年来，基于深度学习的语义表示被引入相似度计算，用于发现改写和同义替换造成的隐性重复。',
  '本文比较了三类方法在公开语料上的表现，并讨论了它们在学位论文检测中的适用范围和局限。',
  '实验结果表明，组合使用指纹与对齐的方法能够在保持速度的同时提高召回率，适合大规模检测。',
  '最后，本文从数据建设、算法改进和制度规范三个方面提出了完善学术不端检测体系的建议。',
  '未来的研究可以进一步探索跨语言相似度计算，以应对翻译抄袭等新的学术不端行为形式。',
].join('\n');

const REWRITE_PARAGRAPHS = REWRITE_TEXT.split('\n').length;

const AIGC_TEXT = REWRITE_TEXT.split('\n')
  .map((p, i) => `${p}第${i + 1}段的讨论在此基础上展开，并结合具体案例加以说明。`)
  .join('\n');

/** A model rewrite (降重, strong mode) of REWRITE_TEXT's eight paragraphs, submitted. */
export async function submitRewrite(api: ApiClient): Promise<SubmittedTask> {
  const PAPER = '/api/base/paper_machine_api';
  const draft = await api.call<{ id: string }>(`${PAPER}/machine_init`, { form: { title: '相似度检测方法比较', mode: 'strong', content: REWRITE_TEXT } });
  await api.call(`${PAPER}/machine_submit`, { body: { id: draft.id } });
  type Pairs = { records: Array<{ id: string; index: number; rewritten: string | null }> };
  return {
    kind: 'rewrite',
    id: draft.id,
    status: async () => (await api.call<{ status: string }>(`${PAPER}/load_by_id`, { query: { id: draft.id } })).status,
    stored: async () => {
      const { records } = await api.call<Pairs>(`${PAPER}/query_content_list`, { query: { id: draft.id, pageSize: '100' } });
      // A pair is listed once its paragraph is rewritten; every paragraph of the document gets one. Keyed by
      // the pair's id: an open comparison view accepts and reloads by it, so a resumed run must keep it.
      return { parts: new Map(records.filter((r) => r.rewritten).map((r) => [r.id, r.rewritten ?? ''])), total: REWRITE_PARAGRAPHS };
    },
  };
}

/** A pasted text's draft made and paid for through one service's init and submit calls (nothing stored part by part). */
async function submitPasted(api: ApiClient, kind: string, calls: { base: string; init: string; submit: string }, form: Record<string, string>): Promise<SubmittedTask> {
  const draft = await api.call<{ id: string }>(`${calls.base}/${calls.init}`, { form });
  await api.call(`${calls.base}/${calls.submit}`, { body: { id: draft.id } });
  return {
    kind,
    id: draft.id,
    status: async () => (await api.call<{ status: string }>(`${calls.base}/load_by_id`, { query: { id: draft.id } })).status,
    stored: nothingStored,
  };
}

/** An AIGC detection of a version of REWRITE_TEXT, submitted. */
export const submitDetection = (api: ApiClient) =>
  submitPasted(api, 'aigc', { base: '/api/base/paper_aigc_api', init: 'machine_init', submit: 'machine_submit' }, { title: '文本相似度方法综述', author: '李明', content: AIGC_TEXT });

/** A paid 查重 of REWRITE_TEXT, submitted. */
export const submitCheck = (api: ApiClient) =>
  submitPasted(api, 'check', { base: '/api/base/check_api', init: 'check_init', submit: 'check_submit' }, { title: '相似度检测方法比较（查重）', author: '李明', content: REWRITE_TEXT });

/** A 3 000-character journal paper, its outline committed, so its sections are being written. */
export async function submitPaper(api: ApiClient): Promise<SubmittedTask> {
  const AI = '/api/base/ai_paper_info_api';
  const draft = await api.call<{ id: string; outline: unknown }>(`${AI}/generate_paper`, {
    body: { title: '中文文本相似度方法研究', discipline: '计算机科学与技术', degree: 'journal', length: 3000, keywords: ['文本相似度'] },
  });
  await api.call(`${AI}/commit_paper`, { body: { id: draft.id, outline: draft.outline } });
  type Sections = { records: Array<{ id: string; status: string; content: string; targetLength: number }> };
  return {
    kind: 'paper',
    id: draft.id,
    status: async () => (await api.call<{ status: string }>(`${AI}/load_by_id`, { query: { id: draft.id } })).status,
    stored: async () => {
      const { records } = await api.call<Sections>(`${AI}/query_content_list`, { query: { id: draft.id, pageSize: '100' } });
      // Chapter headings (target length 0) have no text of their own.
      const written = records.filter((r) => r.targetLength > 0);
      return { parts: new Map(written.filter((r) => r.status === 'done' && r.content).map((r) => [r.id, r.content])), total: written.length };
    },
  };
}

/** A ten-page defence deck from pasted paper text, submitted for rendering. */
export async function submitDeck(api: ApiClient): Promise<SubmittedTask> {
  const PPT = '/api/base/ai_ppt_info_api';
  const paperText = REWRITE_TEXT.split('\n')
    .map((p, i) => `第${i + 1}章 研究内容\n${p}`)
    .join('\n');
  const deck = await api.call<{ id: string }>(`${PPT}/save_or_update`, {
    body: { title: '文本相似度研究——毕业答辩', templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, source: 'paper', paperText },
  });
  await api.call(`${PPT}/submit_by_id`, { query: { id: deck.id } });
  return {
    kind: 'ppt',
    id: deck.id,
    status: async () => (await api.call<{ status: string }>(`${PPT}/load_by_id`, { query: { id: deck.id } })).status,
    stored: nothingStored,
  };
}
