import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './handlers/check.test-helpers';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from './test/fake-llm';
import { exited, freePort, waitForHealth } from './test/process';

const root = fileURLToPath(new URL('..', import.meta.url));

// Crash safety per task kind (issue 15): the real server process (npm run serve, embedded database on a
// temporary DATA_DIR) is SIGKILLed while an AIGC detection and while a rewrite are running; after a restart
// each task finishes or fails on its own (its lease runs out, JOB_LEASE_SECONDS=5, and the new process takes
// it over) with exactly one charge and, when it failed, exactly one refund, and the rewritten paragraphs
// stored before the kill are kept as they were. The model is the fake one, paced so the rewrite is still
// under way when the kill comes. (Paper and slide tasks: see the README's crash-safety note.)

type Envelope<T> = { success: boolean; result: T; error?: { code: string; message: string } };
type Ledger = { records: Array<{ kind: string; amountFen: number; taskId: string | null }> };

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

const AIGC_TEXT = REWRITE_TEXT.split('\n').map((p, i) => `${p}第${i + 1}段的讨论在此基础上展开，并结合具体案例加以说明。`).join('\n');

describe('crash safety: SIGKILL during an AIGC detection, a rewrite, a paper being written and a deck being rendered', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-crash-'));
  let fake: FakeLlm;
  let server: ChildProcess | undefined;
  let base = '';
  let token = '';
  let log = '';

  beforeAll(async () => {
    // Each model token 40 ms apart: a paragraph's rewrite takes seconds, the whole document much longer.
    fake = await startFakeLlm({ tokenDelayMs: 40 });
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-spa'),
      LLM_BASE_URL: fake.url,
      LLM_MODEL: FAKE_MODEL,
      LLM_MAX_RETRIES: '0',
      JOB_LEASE_SECONDS: '5',
      AUTH_CACHE_TTL_MS: '0',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: root, env, stdio: 'pipe' });
    log = '';
    server.stdout?.on('data', (chunk) => (log += chunk));
    server.stderr?.on('data', (chunk) => (log += chunk));
    await waitForHealth(base, server, () => log);
  }

  async function kill(): Promise<void> {
    const proc = server;
    if (!proc) throw new Error('not running');
    proc.kill('SIGKILL');
    await exited(proc);
    server = undefined;
  }

  async function call<T>(path: string, init: { query?: Record<string, string>; body?: unknown; form?: Record<string, string> } = {}): Promise<T> {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
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
    const response = await fetch(url, { method: path.endsWith('account_info_api/account') ? 'GET' : 'POST', headers, body: payload });
    const json = (await response.json()) as Envelope<T>;
    if (!json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json.error)}`);
    return json.result;
  }

  const ledgerOf = async (taskId: string) =>
    (await call<Ledger>('/api/base/account_info_api/ledger', { query: { pageSize: '100' } })).records.filter((entry) => entry.taskId === taskId);

  async function waitUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}\n${log.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** After the restart: the task ends by itself, charged once, refunded once if (and only if) it failed. */
  async function endsOnceCharged(status: () => Promise<string>, taskId: string, timeoutMs?: number): Promise<string> {
    const end = await waitUntil(`task ${taskId}`, status, (s) => s === 'done' || s === 'failed', timeoutMs);
    const entries = await ledgerOf(taskId);
    expect(entries.filter((entry) => entry.kind === 'charge')).toHaveLength(1);
    expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(end === 'failed' ? 1 : 0);
    return end;
  }

  it('signs up and tops up', async () => {
    await start();
    token = (await call<{ access_token: string }>('/api/base/login_api/f/register', { body: { username: 'crash-user', password: 'Moyan2026!' } })).access_token;
    const order = await call<{ id: string; payUrl: string }>('/api/order/order_info_api/create_order', { body: { packageId: 'pkg-recharge-5000', payChannel: 'sandbox' } });
    const payToken = new URL(order.payUrl, base).searchParams.get('token');
    await call('/api/order/order_info_api/f/sandbox_notify', { body: { orderId: order.id, token: payToken } });
    expect((await call<{ balanceFen: number }>('/api/base/account_info_api/account')).balanceFen).toBeGreaterThan(0);
  }, 120_000);

  it('a rewrite killed part-way resumes after the restart, keeps the paragraphs it had stored, and is charged once', async () => {
    const PAPER = '/api/base/paper_machine_api';
    const draft = await call<{ id: string }>(`${PAPER}/machine_init`, { form: { title: '相似度检测方法比较', mode: 'strong', content: REWRITE_TEXT } });
    await call(`${PAPER}/machine_submit`, { body: { id: draft.id } });
    type Pairs = { records: Array<{ index: number; rewritten: string | null; status: string }> };
    const pairs = () => call<Pairs>(`${PAPER}/query_content_list`, { query: { id: draft.id, pageSize: '100' } });
    const stored = (p: Pairs) => p.records.filter((r) => r.rewritten);
    const load = async () => (await call<{ status: string }>(`${PAPER}/load_by_id`, { query: { id: draft.id } })).status;
    const before = await waitUntil('a first rewritten paragraph', pairs, (p) => stored(p).length > 0);
    expect(await load()).toBe('running');
    expect(stored(before).length).toBeLessThan(REWRITE_TEXT.split('\n').length);
    await kill();

    await start();
    const end = await endsOnceCharged(load, draft.id);
    const after = await pairs();
    for (const kept of stored(before)) expect(after.records.find((r) => r.index === kept.index)?.rewritten).toBe(kept.rewritten);
    if (end === 'done') expect(stored(after)).toHaveLength(REWRITE_TEXT.split('\n').length);
  }, 240_000);

  it('an AIGC detection killed while running finishes or fails after the restart, charged once', async () => {
    const AIGC = '/api/base/paper_aigc_api';
    const draft = await call<{ id: string }>(`${AIGC}/machine_init`, { form: { title: '文本相似度方法综述', author: '李明', content: AIGC_TEXT } });
    await call(`${AIGC}/machine_submit`, { body: { id: draft.id } });
    const load = async () => (await call<{ status: string }>(`${AIGC}/load_by_id`, { query: { id: draft.id } })).status;
    const seen = await waitUntil('the detection to start', load, (s) => s !== 'queued');
    await kill();

    await start();
    const end = await endsOnceCharged(load, draft.id);
    // Killed while it ran (or, on a fast machine, just after it ended): either way one charge, and it ends.
    expect(['running', 'done']).toContain(seen);
    expect(['done', 'failed']).toContain(end);
  }, 240_000);
  it('a paper killed while its sections are written ends after the restart, keeps the sections it had written, and is charged once', async () => {
    const AI = '/api/base/ai_paper_info_api';
    const draft = await call<{ id: string; outline: unknown }>(`${AI}/generate_paper`, {
      body: { title: '中文文本相似度方法研究', discipline: '计算机科学与技术', degree: 'journal', length: 3000, keywords: ['文本相似度'] },
    });
    await call(`${AI}/commit_paper`, { body: { id: draft.id, outline: draft.outline } });
    type Sections = { records: Array<{ id: string; status: string; content: string }> };
    const sections = () => call<Sections>(`${AI}/query_content_list`, { query: { id: draft.id, pageSize: '100' } });
    const written = (list: Sections) => list.records.filter((r) => r.status === 'done' && r.content);
    const load = async () => (await call<{ status: string }>(`${AI}/load_by_id`, { query: { id: draft.id } })).status;
    const before = await waitUntil('a first written section', sections, (list) => written(list).length > 0);
    const seen = await load();
    await kill();

    await start();
    // The rest of the paper is written after the restart at the fake model's 40 ms a token: minutes, not seconds.
    await endsOnceCharged(load, draft.id, 240_000);
    const after = await sections();
    for (const kept of written(before)) expect(after.records.find((r) => r.id === kept.id)?.content).toBe(kept.content);
    expect(['running', 'done']).toContain(seen);
  }, 400_000);

  it('a slide deck killed right after it was submitted (queued or rendering) ends after the restart, charged once', async () => {
    const PPT = '/api/base/ai_ppt_info_api';
    const paperText = REWRITE_TEXT.split('\n').map((p, i) => `第${i + 1}章 研究内容\n${p}`).join('\n');
    const deck = await call<{ id: string }>(`${PPT}/save_or_update`, {
      body: { title: '文本相似度研究——毕业答辩', templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, source: 'paper', paperText },
    });
    await call(`${PPT}/submit_by_id`, { query: { id: deck.id } });
    const load = async () => (await call<{ status: string }>(`${PPT}/load_by_id`, { query: { id: deck.id } })).status;
    await kill();

    await start();
    const end = await endsOnceCharged(load, deck.id);
    expect(['done', 'failed']).toContain(end);
  }, 240_000);
});
