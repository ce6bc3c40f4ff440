import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceLibrary } from '../services/library/library';
import { createTask } from '../services/tasks/tasks';
import { signUp, type TestApp } from '../test/app';
import { chatApp, chatUser } from '../test/chat';
import { type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { depsFor } from '../test/fixtures';
import { registry } from './registry';
import { type MetricsServer, startMetricsServer } from './server';

/** The value of one sample of a scrape: the family's name and exactly these labels. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of scrape.split('\n')) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = (match[2] ?? '').split(',').filter(Boolean).sort().join(',');
    if (got === wanted) return Number(match[3]);
  }
  return undefined;
}

// Runs before the scrape below starts the metrics server: the app and the runtime are imported, nothing serves metrics.
describe('without a metrics server', () => {
  it("collects none of Node's own metrics (their event-loop monitor and GC observer stay off)", () => {
    expect(registry.getSingleMetric('moyan_nodejs_eventloop_lag_seconds')).toBeUndefined();
    expect(registry.getSingleMetric('moyan_nodejs_gc_duration_seconds')).toBeUndefined();
  });
});

// The metrics port as an operator's Prometheus sees it: a real HTTP scrape after real requests, model calls
// through the gateway (the fake model), a task in the queue and work in the worker pool.
describe('metrics on their own port', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let metrics: MetricsServer;
  let scrape = '';

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await chatApp(fake);
    metrics = await startMetricsServer(t.db, '127.0.0.1', 0);
    const { userId, token } = await chatUser(t, 5_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/base/account_info_api/account', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await signUp(t.app);
    await t.runtime.llm.complete({ feature: 'chat', messages: [{ role: 'user', content: '你好' }] });
    await expect(t.runtime.llm.complete({ feature: 'chat', messages: [{ role: 'user', content: '你好 [[fake:500]]' }] })).rejects.toThrow();
    const task = await createTask(depsFor(t.db), { kind: 'check', userId, title: '排队的查重', priceFen: 100 });
    await t.db.sql(`update tasks set status = 'queued', queued_at = now() - interval '90 seconds' where id = $1`, [task.id]);
    await new ReferenceLibrary(t.db, undefined, (text) => t.runtime.compute.prepareLibraryText({ text })).addDocuments([
      { id: 'lib-m', title: '指标测试文献', text: '学术写作需要严谨的论证与规范的引用。'.repeat(20) },
    ]);
    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    scrape = await response.text();
  }, 120_000);

  afterAll(async () => {
    await metrics?.close();
    await t?.close();
    await fake?.close();
  });

  it('times requests by route pattern and status', () => {
    expect(sample(scrape, 'moyan_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    const account = sample(scrape, 'moyan_http_request_duration_seconds_sum', { method: 'GET', route: '/api/base/account_info_api/account', status: '200' });
    expect(account).toBeGreaterThan(0);
    expect(account).toBeLessThan(30);
  });

  it('counts model calls by feature and outcome, with their latency and the failure kind', () => {
    expect(sample(scrape, 'moyan_model_calls_total', { feature: 'chat', outcome: 'complete', error_kind: '' })).toBeGreaterThanOrEqual(1);
    expect(sample(scrape, 'moyan_model_calls_total', { feature: 'chat', outcome: 'failed', error_kind: 'upstream' })).toBeGreaterThanOrEqual(1);
    expect(sample(scrape, 'moyan_model_call_duration_seconds_count', { feature: 'chat', outcome: 'complete' })).toBeGreaterThanOrEqual(1);
    expect(sample(scrape, 'moyan_model_first_token_seconds_sum', { feature: 'chat' })).toBeGreaterThan(0);
    expect(sample(scrape, 'moyan_model_tokens_total', { feature: 'chat', direction: 'completion' })).toBeGreaterThan(0);
  });

  it('shows the task queue by kind with the age of the oldest queued task', () => {
    expect(sample(scrape, 'moyan_tasks_queued', { kind: 'check' })).toBe(1);
    const age = sample(scrape, 'moyan_task_queue_oldest_age_seconds', { kind: 'check' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(600);
  });

  it('shows the worker pool: threads, what runs, utilisation and the workers ended by cause', () => {
    expect(sample(scrape, 'moyan_worker_threads')).toBe(t.config.WORKER_THREADS);
    expect(sample(scrape, 'moyan_worker_tasks', { state: 'running' })).toBe(0);
    expect(sample(scrape, 'moyan_worker_utilization')).toBe(0);
    expect(sample(scrape, 'moyan_worker_failures_total', { reason: 'timeout' })).toBeGreaterThanOrEqual(0);
  });

  it('shows the library size and the ledger totals', () => {
    expect(sample(scrape, 'moyan_library_documents')).toBe(1);
    expect(sample(scrape, 'moyan_library_chars')).toBe(360);
    expect(sample(scrape, 'moyan_ledger_fen', { kind: 'grant' })).toBe(5_000);
    expect(sample(scrape, 'moyan_ledger_entries', { kind: 'grant' })).toBe(1);
    expect(sample(scrape, 'moyan_balances_fen')).toBe(5_000);
    expect(sample(scrape, 'moyan_metrics_read_failures_total')).toBe(0);
  });

  it("includes Node's own process metrics", () => {
    expect(sample(scrape, 'moyan_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(scrape, 'moyan_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('answers nothing but GET /metrics', async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/api/health`);
    expect(response.status).toBe(404);
  });
});
