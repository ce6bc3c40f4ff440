// `npm run bench -- hostile [--csl DIR]`: the real server (npm run serve, NODE_ENV=production, embedded
// database) receives the hostile uploads of issue 8 and a 300 000-character check at the same time, while
// GET /api/health is asked again and again; prints the health latency (p50/p99/max) and how each upload
// was answered. Parsing and the engine run in worker threads, so health should stay fast (target p99 < 100 ms).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDocxBomb, buildGarbagePdf, buildPdfBomb } from '../../server/engines/text/fixtures/hostile';
import { freePort, stopProcess, waitForHealth } from '../../server/test/process';
import { qrSignUpOverHttp } from '../../server/test/qr-http';
import { benchServerEnv, startBenchServer } from '../server';
import { buildWorkload } from './paper';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: { csl: { type: 'string', default: process.env.CSL_DIR ?? join(root, '../shared/data/csl') } },
  allowPositionals: true,
});
const MIB = 1024 * 1024;
const API = '/api/base/check_api';

const dataDir = mkdtempSync(join(tmpdir(), 'moyan-bench-hostile-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const workload = buildWorkload(args.csl);
console.log(`library: ${workload.origin}; paper: ${workload.paper.length} code points`);
importLibrary();
const hostile = [
  { name: 'PDF bomb (content inflates to 1 GiB)', file: '炸弹.pdf', data: await buildPdfBomb() },
  { name: '.docx bomb (document.xml 190 MB, 94:1)', file: '炸弹.docx', data: await buildDocxBomb() },
  { name: '.docx with 19 million characters', file: '超长.docx', data: await buildDocxBomb(60 * MIB) },
  { name: 'garbage PDF (1 MiB of noise)', file: '乱码.pdf', data: buildGarbagePdf(MIB) },
];
const server = startBenchServer(env());

try {
  await waitForHealth(base, server, undefined, 180_000);
  const token = await qrSignUpOverHttp(base);
  // Let the first worker thread finish starting, as it would have on a server up for a while.
  await new Promise((resolve) => setTimeout(resolve, 5000));

  const poll = pollHealth();
  const started = performance.now();
  const [answers, check] = await Promise.all([
    Promise.all(hostile.map((h) => timed(() => upload(token, h.file, h.data)))),
    timed(() => runCheck(token)),
  ]);
  const latencies = await poll.stop();
  const total = performance.now() - started;

  const rows = hostile.map((h, i) => ({
    upload: h.name,
    size: `${(h.data.length / MIB).toFixed(1)} MB`,
    status: answers[i].value.status,
    code: answers[i].value.code,
    'answered in s': +(answers[i].ms / 1000).toFixed(1),
  }));
  console.table(rows);
  console.log(
    `300 000-character check: ${check.value.status}, ${check.value.ratio} copied, ${(check.ms / 1000).toFixed(1)} s ` +
      `(upload ${(check.value.uploadMs / 1000).toFixed(1)} s, report_paragraphs ${check.value.paragraphsMs} ms, ` +
      `PDF report ${(check.value.pdfMs / 1000).toFixed(1)} s, ${(check.value.pdfBytes / MIB).toFixed(1)} MB)`,
  );
  const health = summary(latencies);
  console.log(
    `GET /api/health while they ran (${(total / 1000).toFixed(1)} s, ${health.count} requests one after another): ` +
      `p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms (target p99 < 100 ms)`,
  );
  console.log('server: npm run serve, NODE_ENV=production, embedded PGlite, default WORKER_THREADS / limits');
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/hostile.json'), `${JSON.stringify({ uploads: rows, check: check.value, health }, null, 2)}\n`);
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

function env(): NodeJS.ProcessEnv {
  // One bench client signs up and uploads everything.
  return benchServerEnv(port, dataDir, { API_RATE_LIMIT_PER_MINUTE: '1000' });
}

function importLibrary(): void {
  const file = join(dataDir, 'library.jsonl');
  writeFileSync(file, workload.library.map((d) => JSON.stringify(d)).join('\n'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'corpus', 'import', file], {
    cwd: root,
    env: env(),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('corpus import failed');
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** GET /api/health one request after another until stopped; the latency of each. */
function pollHealth() {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => +sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: +sorted[sorted.length - 1].toFixed(1) };
}

async function call<T>(path: string, init: RequestInit & { token?: string; query?: Record<string, string> } = {}): Promise<T> {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(url, { method: 'POST', ...init, headers });
  const json = (await response.json()) as { success: boolean; result: T; error?: { code: string } };
  if (!json.success) throw new Error(`${path}: ${response.status} ${json.error?.code}`);
  return json.result;
}

async function upload(token: string, name: string, data: Buffer): Promise<{ status: number; code: string; id?: string }> {
  const form = new FormData();
  form.append('title', name);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const response = await fetch(`${base}${API}/check_init`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const json = (await response.json()) as { success: boolean; result?: { id: string }; error?: { code: string } };
  return { status: response.status, code: json.error?.code ?? 'OK', id: json.result?.id };
}

/** Uploads the paper, submits it (the free check), waits for the report, then reads and downloads it. */
async function runCheck(token: string) {
  const sent = await timed(() => upload(token, '论文.txt', Buffer.from(workload.paper)));
  if (!sent.value.id) throw new Error(`paper upload: ${sent.value.status} ${sent.value.code}`);
  const id = sent.value.id;
  await call(`${API}/check_submit`, { token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, addToLibrary: true }) });
  let record: { status: string; figures: { totalRatio: number } | null };
  for (;;) {
    record = await call(`${API}/load_by_id`, { token, query: { id } });
    if (record.status === 'done' || record.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const paragraphs = await timed(() => fetch(`${base}${API}/report_paragraphs?id=${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer()));
  const pdf = await timed(() => fetch(`${base}${API}/download_report?id=${id}&format=pdf`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer()));
  return {
    status: record.status,
    ratio: record.figures ? `${(record.figures.totalRatio * 100).toFixed(1)} %` : '-',
    uploadMs: sent.ms,
    paragraphsMs: Math.round(paragraphs.ms),
    pdfMs: pdf.ms,
    pdfBytes: pdf.value.byteLength,
  };
}
