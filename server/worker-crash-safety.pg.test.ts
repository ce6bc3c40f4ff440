import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  crashTestEnv,
  expectPartsKept,
  type StoredParts,
  type SubmittedTask,
  submitCheck,
  submitDeck,
  submitDetection,
  submitPaper,
  submitRewrite,
} from './test/crash-tasks';
import { createTestDatabase } from './test/database';
import { type FakeLlm, startFakeLlm } from './test/fake-llm';
import { freePort, type Spawned, sigkill, spawnScript, stopProcess, waitForHealth } from './test/process';

// Crash safety with a separate worker on PostgreSQL (issue 15): the API (npm run serve, JOBS_IN_PROCESS=false)
// and one `npm run worker` process share a fresh database on the server TEST_DATABASE_URL names. While the
// worker writes a paper, rewrites a document (fake model at 40 ms a token, so both are part-way), detects AIGC,
// runs a 查重 and renders a slide deck, it is SIGKILLed; a new worker (JOB_LEASE_SECONDS=5) takes the tasks over
// once their leases run out. Each ends by itself with exactly one charge and, only if it failed, exactly one
// refund; the paragraphs and sections stored before the kill are kept unchanged. The API stays up throughout.
// Runs with `npm run test:pg` (vitest.pg.config.ts), not in `npm test`, which has no PostgreSQL server.
// server/crash-safety.test.ts kills the all-in-one server on the embedded database.

const serverUrl = process.env.TEST_DATABASE_URL;

describe('crash safety on PostgreSQL: the worker SIGKILLed during a paper, a rewrite, a detection, a check and a deck render', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-worker-crash-'));
  const api = new ApiClient();
  let database: { url: string; drop(): Promise<void> } | undefined;
  let paced: FakeLlm | undefined;
  let fast: FakeLlm | undefined;
  let server: Spawned | undefined;
  let worker: Spawned | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
    // The first worker's model is paced so the kill lands mid-task; the API and the second worker need no pacing.
    paced = await startFakeLlm({ tokenDelayMs: 40 });
    fast = await startFakeLlm();
    const port = await freePort();
    api.base = `http://127.0.0.1:${port}`;
    api.diagnostics = () => `API:\n${server?.output().slice(-1500) ?? ''}\nworker:\n${worker?.output().slice(-1500) ?? ''}`;
    const started = spawnScript(
      'server/server.ts',
      { ...crashTestEnv({ dataDir, port, modelUrl: fast.url, databaseUrl: database.url }), JOBS_IN_PROCESS: 'false' },
    );
    server = started;
    // The API applies the migrations; the worker starts after it, on the migrated database.
    await waitForHealth(api.base, started.proc, started.output, 120_000);
  }, 180_000);

  afterAll(async () => {
    await sigkill(worker);
    if (server) await stopProcess(server.proc);
    await paced?.close();
    await fast?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** `npm run worker` on the test database with the given model; resolves once it is ready to claim tasks. */
  async function startWorker(model: FakeLlm): Promise<void> {
    const env = {
      ...crashTestEnv({ dataDir, modelUrl: model.url, databaseUrl: database?.url }),
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '8',
      // One account's detection, deck and check must all be claimed while its rewrite still runs: by default an
      // account has one CPU task running at a time (fairness), and one after another they outlast the rewrite.
      WORKER_ACCOUNT_CONCURRENCY: '8',
      JOB_POLL_MS: '200',
    };
    const started = spawnScript('server/worker.ts', env);
    worker = started;
    const deadline = Date.now() + 120_000;
    while (!started.output().includes('worker ready')) {
      if (started.proc.exitCode !== null) throw new Error(`worker exited (${started.proc.exitCode}):\n${started.output()}`);
      if (Date.now() > deadline) throw new Error(`worker not ready in 120 s:\n${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const submitted: Record<'paper' | 'rewrite' | 'aigc' | 'check' | 'ppt', SubmittedTask | undefined> = {
    paper: undefined,
    rewrite: undefined,
    aigc: undefined,
    check: undefined,
    ppt: undefined,
  };
  const before = new Map<string, StoredParts>();
  const seen = new Map<string, string>();
  const task = (kind: keyof typeof submitted): SubmittedTask => {
    const found = submitted[kind];
    if (!found) throw new Error(`no ${kind} task was submitted`);
    return found;
  };

  it('signs up, tops up and starts a worker', async () => {
    expect(await api.signUpAndTopUp('worker-crash-user', 2)).toBeGreaterThan(0);
    await startWorker(paced as FakeLlm);
  }, 180_000);

  it('SIGKILLs the worker while a paper and a rewrite are part-way and a detection, a check and a deck were claimed', async () => {
    // The paper first: it writes for minutes at 40 ms a token, so it is still running when the rest have started.
    const paper = (submitted.paper = await submitPaper(api));
    before.set('paper', await api.waitUntil('a first written section', paper.stored, (s) => s.parts.size > 0, 150_000));
    const rewrite = (submitted.rewrite = await submitRewrite(api));
    before.set('rewrite', await api.waitUntil('a first rewritten paragraph', rewrite.stored, (s) => s.parts.size > 0));
    submitted.aigc = await submitDetection(api);
    submitted.ppt = await submitDeck(api);
    for (const kind of ['aigc', 'ppt'] as const) {
      seen.set(kind, await api.waitUntil(`the worker to claim the ${kind} task`, task(kind).status, (s) => s !== 'queued'));
    }
    // The check last: it is over in a second or two.
    submitted.check = await submitCheck(api);
    seen.set('check', await api.waitUntil('the worker to claim the check task', task('check').status, (s) => s !== 'queued'));
    // What the model tasks had stored at the moment of the kill (they keep writing until then).
    for (const kind of ['paper', 'rewrite'] as const) seen.set(kind, await task(kind).status());
    before.set('paper', await paper.stored());
    before.set('rewrite', await rewrite.stored());
    await sigkill(worker);
    worker = undefined;

    expect(seen.get('paper')).toBe('running');
    expect(seen.get('rewrite')).toBe('running');
    expect(before.get('rewrite')?.parts.size).toBeLessThan(before.get('rewrite')?.total ?? 0);
    // Claimed, and killed while running (or, when one was quick, just after it ended).
    for (const kind of ['aigc', 'check', 'ppt']) expect(['running', 'done']).toContain(seen.get(kind));
  }, 300_000);

  it('a new worker takes the tasks over: each ends charged once, refunded once only if it failed, stored parts kept', async () => {
    await startWorker(fast as FakeLlm);
    for (const kind of ['paper', 'rewrite', 'aigc', 'check', 'ppt'] as const) {
      const end = await api.endsOnceCharged(task(kind), 120_000);
      expectPartsKept(before.get(kind) ?? { parts: new Map(), total: 0 }, await task(kind).stored(), end);
    }
  }, 300_000);
});
