// `npm run bench -- http [--duration S] [--connections N] [--mixed-duration S] [--mixed-connections N]
//  [--per-call S] [--database-url PG_URL] [--only pglite|postgres]`
//
// Against the real server process (npm run serve, NODE_ENV=production), measured with autocannon:
// 1. the authenticated `current` call side by side with the bare GET /api/health, and the ratio between
//    them (what authentication and request validation cost per call; target >= 0.5);
// 2. a mixed read workload, 20 s at 50 connections by default: current, account_info, every built
//    service's query_list (taken from the contract: each `…/query_list` operation not marked
//    `x-moyan-status: planned`, so a service built later joins on its own) and a finished check's
//    report_paragraphs; requests per second, latency p50/p99 and errors (non-2xx, socket errors and
//    timeouts; the bench fails unless they are 0), then each of those calls alone for --per-call seconds
//    (default 3, 0 skips) to show which one sets the pace.
// On the embedded PGlite (a temporary DATA_DIR) always, and on PostgreSQL when --database-url,
// TEST_DATABASE_URL or DATABASE_URL names one (`sh scripts/ci-postgres.sh` starts a local one and prints
// its URL): a fresh database is created there for the run and dropped after it (or, when the role may
// not create databases, the given one is used as it is). --only runs one of the two.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Request, type Result } from 'autocannon';
import { loadContract, operationsOf } from '../../server/http/contract';
import { createTestDatabase } from '../../server/test/database';
import { freePort, stopProcess, waitForHealth } from '../../server/test/process';
import { qrSignUpOverHttp } from '../../server/test/qr-http';
import { benchServerEnv, startBenchServer } from '../server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'mixed-duration': { type: 'string', default: '20' },
    'mixed-connections': { type: 'string', default: '50' },
    'per-call': { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const mixedDuration = Number(values['mixed-duration']);
const mixedConnections = Number(values['mixed-connections']);
const perCall = Number(values['per-call']);
const postgresUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

type Engine = 'pglite' | 'postgres';
const engines: Engine[] = (['pglite', 'postgres'] as const).filter(
  (engine) => (!values.only || values.only === engine) && (engine === 'pglite' || postgresUrl),
);
if (values.only === 'postgres' && !postgresUrl) throw new Error('--only postgres needs --database-url, TEST_DATABASE_URL or DATABASE_URL');
if (!postgresUrl) console.log('PostgreSQL: skipped (no --database-url, TEST_DATABASE_URL or DATABASE_URL; `sh scripts/ci-postgres.sh` starts one)');

/** The read calls of the mixed workload, from the contract. */
function readOperations(checkId: string): Array<{ name: string; request: Request }> {
  const operations = [...operationsOf(loadContract()).values()];
  const queryLists = operations
    .filter((o) => o.path.endsWith('/query_list') && o.operation['x-moyan-status'] !== 'planned' && o.secured)
    .sort((a, b) => a.path.localeCompare(b.path));
  return [
    { name: 'current', request: { method: 'POST', path: '/api/base/login_api/current' } },
    { name: 'account_info', request: { method: 'GET', path: '/api/base/account_info_api/account' } },
    ...queryLists.map((o) => ({
      name: o.path.replace(/^\/api\/(base\/)?/, ''),
      request: { method: o.method, path: `${o.path}?pageNo=1&pageSize=10` },
    })),
    { name: 'check_api/report_paragraphs', request: { method: 'GET', path: `/api/base/check_api/report_paragraphs?id=${encodeURIComponent(checkId)}` } },
  ];
}

interface Row {
  route: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  errors: number;
}

const report: Record<string, unknown> = {};
for (const engine of engines) {
  console.log(`\n-- ${engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`);
  report[engine] = await benchOn(engine);
}
console.log(
  `\nserver: npm run serve, NODE_ENV=production, rate limits raised for the one bench account; ` +
    `ratio: ${connections} connections, ${duration} s per route; mixed: ${mixedConnections} connections, ${mixedDuration} s`,
);
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(
  join(root, 'bench/out/http.json'),
  `${JSON.stringify({ duration, connections, mixedDuration, mixedConnections, ...report }, null, 2)}\n`,
);

async function benchOn(engine: Engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-bench-http-'));
  const database = engine === 'postgres' ? await freshDatabase(postgresUrl ?? '') : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startBenchServer(
    benchServerEnv(port, dataDir, {
      ...(database ? { DATABASE_URL: database.url } : {}),
      // Every request comes from one account on one address: the per-user and per-address limits would
      // answer 429 long before the server is busy.
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      POLL_RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      FREE_CHECKS_PER_IP_PER_DAY: '100000',
    }),
  );
  try {
    await waitForHealth(base, server, undefined, 120_000);
    const token = await qrSignUpOverHttp(base);
    const checkId = await finishedCheck(base, token);
    const auth = { authorization: `Bearer ${token}` };

    const health = await measure('GET /api/health', { url: `${base}/api/health`, connections, duration });
    const current = await measure('POST current', {
      url: `${base}/api/base/login_api/current`,
      method: 'POST',
      headers: auth,
      connections,
      duration,
    });
    const ratio = current.requests.average / health.requests.average;
    console.table([row('GET /api/health', health), row('POST /api/base/login_api/current', current)]);
    console.log(`current / health: ${ratio.toFixed(2)} (target >= 0.5)`);

    const reads = readOperations(checkId);
    for (const read of reads) await expectOk(base, auth, read);
    const mixed = await measure('mixed reads', {
      url: base,
      headers: auth,
      requests: reads.map((r) => r.request),
      connections: mixedConnections,
      duration: mixedDuration,
    });
    const mixedRow = row(`mixed: ${reads.length} read calls in turn`, mixed);
    console.table([mixedRow]);
    console.log(`mixed workload calls: ${reads.map((r) => r.name).join(', ')}`);
    // Each call of the mix alone, to show which one sets the pace.
    const alone: Row[] = [];
    if (perCall > 0) {
      for (const read of reads) {
        const result = await measure(read.name, {
          url: `${base}${read.request.path}`,
          method: read.request.method,
          headers: auth,
          connections: mixedConnections,
          duration: perCall,
        });
        alone.push(row(read.name, result));
      }
      console.log(`each call alone, ${mixedConnections} connections, ${perCall} s:`);
      console.table(alone);
    }
    return {
      ratio: { rows: [row('GET /api/health', health), row('POST /api/base/login_api/current', current)], ratio: Number(ratio.toFixed(3)) },
      mixed: { ...mixedRow, calls: reads.map((r) => r.name) },
      alone,
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** A database of its own for the run when the role may create one; else the given one. */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  try {
    return await createTestDatabase(serverUrl);
  } catch (error) {
    console.log(`could not create a database for the run (${(error as Error).message}); using ${redact(serverUrl)} as it is`);
    return { url: serverUrl, drop: async () => {} };
  }
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function measure(title: string, options: Parameters<typeof autocannon>[0]): Promise<Result> {
  const result = await autocannon(options);
  const errors = result.non2xx + result.errors + result.timeouts;
  if (errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

function row(route: string, result: Result): Row {
  return {
    route,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function expectOk(base: string, headers: Record<string, string>, read: { name: string; request: Request }) {
  const response = await fetch(`${base}${read.request.path}`, { method: read.request.method, headers });
  if (!response.ok) throw new Error(`${read.name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
}

async function call<T>(base: string, path: string, init: RequestInit & { token?: string; query?: Record<string, string> } = {}): Promise<T> {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(url, { method: 'POST', ...init, headers });
  const json = (await response.json()) as { success: boolean; result: T; error?: { code: string; message: string } };
  if (!json.success) throw new Error(`${path}: ${response.status} ${json.error?.code} ${json.error?.message}`);
  return json.result;
}

/** A short paper checked (the free check), so report_paragraphs has a report to read. */
async function finishedCheck(base: string, token: string): Promise<string> {
  const paragraph = (i: number) =>
    `第${i + 1}段。本研究以文本相似度检测为对象，讨论分段、指纹与比对的方法，并给出在中文学术论文上的实验结果与分析。`;
  const form = new FormData();
  form.append('title', '基准测试论文');
  form.append('file', new Blob([Array.from({ length: 20 }, (_, i) => paragraph(i)).join('\n\n')]), '论文.txt');
  const { id } = await call<{ id: string }>(base, '/api/base/check_api/check_init', { token, body: form });
  await call(base, '/api/base/check_api/check_submit', {
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const record = await call<{ status: string }>(base, '/api/base/check_api/load_by_id', { token, query: { id } });
    if (record.status === 'done') return id;
    if (record.status === 'failed') throw new Error('the bench check failed');
    if (Date.now() > deadline) throw new Error('the bench check did not finish in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
