import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantile } from '../bench/stats';
import { ApiClient, crashTestEnv, submitCheck } from './test/crash-tasks';
import { createTestDatabase } from './test/database';
import { type FakeLlm, startFakeLlm } from './test/fake-llm';
import { LoadUser, type LoggedRequest, type SubmittedLoadTask, virtualUser } from './test/mixed-load';
import { type Nginx, startNginx } from './test/nginx';
import { freePort, type Spawned, sigkill, spawnScript, stopProcess, waitForHealth } from './test/process';

// Several processes, one database (issue 28): two API processes (JOBS_IN_PROCESS=false) and two `npm run worker`
// processes on a fresh PostgreSQL database, behind nginx on loopback. Signed-in users read and submit paid tasks
// through the proxy for MULTI_PROCESS_LOAD_SECONDS (default 60); midway one API process and one worker are
// SIGKILLed. Requests may fail only where the kill cut a connection (a POST that had reached the killed API: nginx
// does not send it again, as it may have been acted on); every GET is moved to the other API by nginx. Every
// submitted task ends done exactly once and is charged once at its quoted price; balances are credits minus
// charges. Before the load: a sign-out through one API is refused by the other at once, and a per-user rate limit
// counts the requests of both. Runs with `npm run test:pg` (vitest.pg.config.ts); needs nginx (nginx-light).

const serverUrl = process.env.TEST_DATABASE_URL;
const LOAD_SECONDS = Number(process.env.MULTI_PROCESS_LOAD_SECONDS || 60);
if (!(LOAD_SECONDS >= 4)) throw new Error(`MULTI_PROCESS_LOAD_SECONDS 应为不少于 4 的秒数（现为 ${process.env.MULTI_PROCESS_LOAD_SECONDS}）`);
const USERS = 6;
const READ_LIMIT = 6;
/** How long after the SIGKILL a request may still be sent to the killed API (nginx has not yet seen it go). */
const KILL_NOTICED_MS = 2000;
const REPORT_PARAGRAPHS = '/api/base/check_api/report_paragraphs';

describe('two API processes and two workers on one PostgreSQL behind nginx, one of each SIGKILLed under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-multi-process-'));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let model: FakeLlm | undefined;
  let nginx: Nginx | undefined;
  const apis: Spawned[] = [];
  const apiUrls: string[] = [];
  const workers: Spawned[] = [];
  const diagnostics = () =>
    [...apis.map((p, i) => `API ${i + 1}:\n${p.output().slice(-1500)}`), ...workers.map((p, i) => `worker ${i + 1}:\n${p.output().slice(-1500)}`)].join('\n');

  const env = (extra: NodeJS.ProcessEnv) => ({
    ...crashTestEnv({ dataDir, modelUrl: model?.url ?? '', databaseUrl: database?.url }),
    // The token cache as deployed (crashTestEnv turns it off), and limits that the load stays under, but for one.
    AUTH_CACHE_TTL_MS: '1000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    POLL_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    READ_RATE_LIMIT_PER_MINUTE: String(READ_LIMIT),
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    SIGNUPS_PER_ADDRESS_PER_DAY: '1000',
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
    model = await startFakeLlm();
    // Both APIs start together: one applies the migrations under the advisory lock while the other waits.
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      apis.push(spawnScript('server/server.ts', env({ PORT: String(port), JOBS_IN_PROCESS: 'false' })));
      apiUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(apis.map((api, i) => waitForHealth(apiUrls[i], api.proc, api.output, 150_000)));
    for (let i = 0; i < 2; i++) workers.push(spawnScript('server/worker.ts', env({ LOG_LEVEL: 'info', JOB_POLL_MS: '200' })));
    await Promise.all(workers.map((worker) => waitForOutput(worker, 'worker ready')));
    nginx = await startNginx(ports);
  }, 240_000);

  afterAll(async () => {
    for (const worker of workers) await sigkill(worker);
    for (const api of apis) await stopProcess(api.proc);
    await nginx?.stop();
    await model?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A user signed up and topped up (50 元 `times` times) through the proxy, its client pointed at `base`. */
  async function signedUp(name: string, base = nginx?.url ?? '', times = 1): Promise<ApiClient> {
    const client = new ApiClient();
    client.base = base;
    client.diagnostics = diagnostics;
    await client.signUpAndTopUp(name, times);
    return client;
  }

  it('a token signed out through one API is refused by the other at once', async () => {
    const [a, b] = apiUrls;
    const user = await signedUp('multi-signout', a);
    const account = (base: string) =>
      fetch(`${base}/api/base/account_info_api/account`, { headers: { authorization: `Bearer ${user.token}` } }).then((r) => r.status);
    // The other API has just looked the token up, so it is in its cache.
    expect(await account(b)).toBe(200);
    expect(await account(b)).toBe(200);
    await user.call('/api/base/login_api/logout');
    expect(await account(b)).toBe(401);
    expect(await account(a)).toBe(401);
  });

  it('a per-user rate limit counts the requests made through both APIs', async () => {
    const user = await signedUp('multi-ratelimit', apiUrls[0]);
    const check = await submitCheck(user);
    await user.waitUntil('the probe check', check.status, (s) => s === 'done', 120_000);
    const statuses: number[] = [];
    for (let i = 0; i <= READ_LIMIT; i++) {
      const url = new URL(REPORT_PARAGRAPHS, apiUrls[i % 2]);
      url.searchParams.set('id', check.id);
      statuses.push((await fetch(url, { headers: { authorization: `Bearer ${user.token}` } })).status);
    }
    expect(statuses).toEqual([...Array<number>(READ_LIMIT).fill(200), 429]);
  }, 180_000);

  it(`${LOAD_SECONDS} s of mixed load, one API and one worker SIGKILLed midway: only the cut requests fail, every task ends once, charged once`, async () => {
    const log: LoggedRequest[] = [];
    const submitted: SubmittedLoadTask[] = [];
    const base = nginx?.url ?? '';
    // 50 元 for every 10 s: over a task a second at 3 元 (the least a 查重 or AIGC检测 costs); one that runs out only reads.
    const topUps = Math.ceil(LOAD_SECONDS / 10);
    const clients = await Promise.all(Array.from({ length: USERS }, (_, i) => signedUp(`multi-load-${i}`, base, topUps)));
    const credits = await Promise.all(clients.map(async (c) => (await c.call<{ balanceFen: number }>('/api/base/account_info_api/account')).balanceFen));

    const startedAt = Date.now();
    const endAt = startedAt + LOAD_SECONDS * 1000;
    let killedAt = 0;
    const kill = new Promise<void>((resolve) =>
      setTimeout(async () => {
        killedAt = Date.now();
        await Promise.all([sigkill(apis[0]), sigkill(workers[0])]);
        resolve();
      }, (LOAD_SECONDS * 1000) / 2),
    );
    const users = clients.map((c) => new LoadUser(base, c.token, log));
    await Promise.all(users.map((user, i) => virtualUser(user, i, endAt, submitted)));
    await kill;

    // Every task that was queued ends; the surviving worker takes over the killed one's after their leases run out.
    const db = new pg.Client({ connectionString: database?.url });
    await db.connect();
    try {
      const userIds = (await db.query<{ id: string }>('select id from users where username like $1', ['multi-load-%'])).rows.map((r) => r.id);
      const deadline = Date.now() + 120_000;
      type Row = { id: string; kind: string; status: string; has_result: boolean; attempts: number };
      let tasks: Row[] = [];
      for (;;) {
        tasks = (
          await db.query<Row>(
            `select id, kind, status, result is not null as has_result, attempts from tasks where user_id = any($1) and status <> 'draft'`,
            [userIds],
          )
        ).rows;
        if (tasks.every((t) => t.status === 'done' || t.status === 'failed')) break;
        if (Date.now() > deadline) throw new Error(`tasks still running: ${JSON.stringify(tasks.filter((t) => t.status !== 'done'))}\n${diagnostics()}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const finishedAt = Date.now();
      const ledger = (
        await db.query<{ task_id: string | null; kind: string; amount_fen: number; user_id: string }>(
          'select task_id, kind, amount_fen, user_id from ledger_entries where user_id = any($1)',
          [userIds],
        )
      ).rows;
      const aigcParagraphs = new Map(
        (await db.query<{ task_id: string; n: number }>('select task_id, count(*)::int as n from aigc_paragraphs group by task_id')).rows.map((r) => [r.task_id, r.n]),
      );

      const takenOver = tasks.filter((t) => t.attempts > 1).length;
      printFigures(log, submitted, { queued: tasks.length, takenOver }, killedAt, startedAt, finishedAt - endAt, users.filter((u) => u.spent).length);

      // Requests: no GET failed; a failed POST is one nginx answered 502 for because the killed API cut it, at the kill.
      const failed = log.filter((r) => r.error !== undefined);
      expect(failed.filter((r) => r.method === 'GET')).toEqual([]);
      for (const r of failed) {
        expect(r, 'only cut connections fail').toMatchObject({ method: 'POST', status: 502, error: 'proxy' });
        // Sent to the killed API before nginx saw its connections close: under way at the kill, or just after it.
        expect(r.startedAt - killedAt, nginx?.errorLog()).toBeLessThanOrEqual(KILL_NOTICED_MS);
        expect(r.startedAt + r.ms).toBeGreaterThanOrEqual(killedAt);
      }
      expect(failed.length).toBeLessThanOrEqual(USERS);
      expect(tasks.length).toBeGreaterThanOrEqual(USERS * 2);

      // Every task queued (those whose submit was cut included) ended done, once, with one result and one charge.
      const byId = new Map(submitted.map((t) => [t.id, t]));
      for (const t of submitted.filter((s) => s.confirmed)) expect(tasks.map((row) => row.id)).toContain(t.id);
      for (const task of tasks) {
        expect(task, `task ${task.id}`).toMatchObject({ status: 'done', has_result: true });
        if (task.kind === 'aigc') expect(aigcParagraphs.get(task.id), `scored paragraphs of ${task.id}`).toBe(4);
        const entries = ledger.filter((e) => e.task_id === task.id);
        expect(entries.map((e) => e.kind)).toEqual(['charge']);
        expect(-entries[0].amount_fen).toBe(byId.get(task.id)?.quotedFen);
      }
      // Nothing else was charged (a draft whose submit was cut before it reached a server costs nothing).
      expect(ledger.filter((e) => e.kind !== 'recharge' && !tasks.some((t) => t.id === e.task_id))).toEqual([]);
      // Each balance is what was credited less what its tasks were quoted.
      for (const [i, client] of clients.entries()) {
        const quoted = submitted.filter((t) => t.userIndex === i && tasks.some((row) => row.id === t.id)).reduce((sum, t) => sum + t.quotedFen, 0);
        expect((await client.call<{ balanceFen: number }>('/api/base/account_info_api/account')).balanceFen).toBe(credits[i] - quoted);
      }
    } finally {
      await db.end();
    }
  }, (LOAD_SECONDS + 240) * 1000);
});

async function waitForOutput(spawned: Spawned, text: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!spawned.output().includes(text)) {
    if (spawned.proc.exitCode !== null) throw new Error(`exited (${spawned.proc.exitCode}):\n${spawned.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" in 120 s:\n${spawned.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function printFigures(
  log: LoggedRequest[],
  submitted: SubmittedLoadTask[],
  tasks: { queued: number; takenOver: number },
  killedAt: number,
  startedAt: number,
  drainMs: number,
  spent: number,
): void {
  const killAfterMs = killedAt - startedAt;
  const slowest = log.filter((r) => r.error === undefined).reduce((a, b) => (b.ms > a.ms ? b : a));
  const ms = log.filter((r) => r.error === undefined).map((r) => r.ms);
  const failed = log.filter((r) => r.error !== undefined);
  const kinds = new Map<string, number>();
  for (const r of failed) kinds.set(`${r.method} ${r.status} ${r.error} ${r.path}`, (kinds.get(`${r.method} ${r.status} ${r.error} ${r.path}`) ?? 0) + 1);
  console.log(
    [
      `multi-process load: ${LOAD_SECONDS} s, ${USERS} users through nginx to 2 APIs, 2 workers; API 1 and worker 1 SIGKILLed at ${(killAfterMs / 1000).toFixed(1)} s`,
      `  requests ${log.length} (GET ${log.filter((r) => r.method === 'GET').length}, POST ${log.filter((r) => r.method === 'POST').length}), errors ${failed.length}`,
      ...[...kinds].map(([kind, n]) => `    ${n} × ${kind}`),
      ...failed.map((r) => `    sent ${r.startedAt - killedAt} ms after the kill, answered after ${r.ms} ms: ${r.method} ${r.path} ${r.status}`),
      `  latency p50 ${quantile(ms, 0.5)} ms, p99 ${quantile(ms, 0.99)} ms, max ${slowest.ms} ms (${slowest.method} ${slowest.path}, sent at ${((slowest.startedAt - startedAt) / 1000).toFixed(1)} s)`,
      `  tasks submitted ${submitted.length} (${submitted.filter((t) => !t.confirmed).length} with the submit cut), queued ${tasks.queued} (${tasks.takenOver} run again after the kill), all finished ${(drainMs / 1000).toFixed(1)} s after the load; ${spent} users ran out of balance`,
    ].join('\n'),
  );
}
