// `npm run bench -- start`: seconds from launching `npm start` (scripts/start.ts) to GET /api/health
// answering, when the SPA must be built (the stamp removed: what every start cost before issue 8) and when
// nothing changed since the last build, beside `npm run serve` (no build at all). One embedded database in
// a temporary DATA_DIR, created by a first start that is not counted (migrations run once). Each case runs
// --rounds times (default 3), interleaved, and the median is reported.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, stopProcess, waitForHealth } from '../../server/test/process';
import { median } from '../stats';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } }, strict: false });
const rounds = Number(values.rounds);
const dataDir = mkdtempSync(join(tmpdir(), 'moyan-bench-start-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const SERVE = ['--import', 'tsx', 'server/server.ts'];
const START = ['--import', 'tsx', 'scripts/start.ts'];

/** Seconds until the server answers; then stops it. */
async function timeToHealth(args: string[]): Promise<number> {
  const started = performance.now();
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForHealth(base, child, () => '', 300_000);
    return (performance.now() - started) / 1000;
  } finally {
    await stopProcess(child);
  }
}


try {
  await timeToHealth(SERVE);
  const times = { build: [] as number[], restart: [] as number[], serve: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    rmSync(join(root, 'dist', '.build-inputs.json'), { force: true });
    times.build.push(await timeToHealth(START));
    times.restart.push(await timeToHealth(START));
    times.serve.push(await timeToHealth(SERVE));
  }
  const row = (name: string, seconds: number[]) => ({
    case: name,
    'median s': Number(median(seconds).toFixed(1)),
    runs: seconds.map((value) => value.toFixed(1)).join(' '),
  });
  const rows = [
    row('npm start, sources changed (build + serve)', times.build),
    row('npm start, nothing changed (restart)', times.restart),
    row('npm run serve (no build step)', times.serve),
  ];
  console.table(rows);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/start.json'), `${JSON.stringify({ rounds, rows }, null, 2)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
