// `npm run bench -- http [--duration S] [--connections N] [--database-url PG_URL]`: requests per second
// of the authenticated `current` call and of the bare GET /api/health, measured with autocannon in one
// run against the real server process (npm run serve, NODE_ENV=production; embedded database in a
// temporary DATA_DIR unless --database-url), and the ratio between them: what authentication (a token
// hash lookup in the database) and request validation cost per call.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { freePort, waitForHealth } from '../../server/test/process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const dataDir = mkdtempSync(join(tmpdir(), 'moyan-bench-http-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer();

try {
  await waitForHealth(base, server);
  const token = await signIn();
  const health = await measure('GET /api/health', { url: `${base}/api/health` });
  const current = await measure('POST current (authenticated)', {
    url: `${base}/api/base/login_api/current`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const ratio = current.requests.average / health.requests.average;
  const rows = [
    row('GET /api/health', health),
    row('POST /api/base/login_api/current', current),
  ];
  console.table(rows);
  console.log(`current / health: ${ratio.toFixed(2)} (${(ratio * 100).toFixed(0)} % of the bare route's throughput)`);
  const database = values['database-url'] ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`${connections} connections, ${duration} s per route, server: npm run serve, ${database}, NODE_ENV=production`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(
    join(root, 'bench/out/http.json'),
    `${JSON.stringify({ duration, connections, database, rows, ratio: Number(ratio.toFixed(3)) }, null, 2)}\n`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function startServer(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(dataDir, 'no-spa'),
  };
  if (values['database-url']) env.DATABASE_URL = values['database-url'];
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: root, env, stdio: 'inherit' });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`server exited: ${code ?? signal}`);
  });
  return child;
}

async function measure(title: string, options: { url: string; method?: string; headers?: Record<string, string> }) {
  const result = await autocannon({ ...options, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

function row(route: string, result: Result) {
  return {
    route,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
  };
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/base/login_api/f/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench-${Date.now().toString(36)}`, password: 'Moyan2026!' }),
  });
  const json = (await response.json()) as { result: { access_token: string } };
  return json.result.access_token;
}
