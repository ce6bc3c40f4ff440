import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { LlmCallRecord } from '../engines/llm';

// What every part of the process counts as it goes (requests, model calls), with Node's own process metrics.
// The state read from the database and the worker pool at each scrape is in state.ts.
export const registry = new Registry();

let collectingNodeMetrics = false;

/**
 * Node's own metrics (CPU, memory, event-loop lag, GC) from now on, once per process. Started by the metrics server,
 * not on import: the event-loop monitor wakes the process 100 times a second, which every CLI run and every server
 * without METRICS_PORT would pay for nothing.
 */
export function collectNodeMetrics(): void {
  if (collectingNodeMetrics) return;
  collectingNodeMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'moyan_' });
}

const httpDuration = new Histogram({
  name: 'moyan_http_request_duration_seconds',
  help: 'API requests by method, route pattern and status, from arrival to the last byte of the answer',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const modelCalls = new Counter({
  name: 'moyan_model_calls_total',
  help: 'Model calls through the gateway by feature and outcome (complete, aborted, failed) and the failure kind',
  labelNames: ['feature', 'outcome', 'error_kind'],
  registers: [registry],
});

const modelDuration = new Histogram({
  name: 'moyan_model_call_duration_seconds',
  help: 'Model calls by feature and outcome, from a free slot to the end of the answer',
  labelNames: ['feature', 'outcome'],
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 60, 120, 300],
  registers: [registry],
});

const modelFirstToken = new Histogram({
  name: 'moyan_model_first_token_seconds',
  help: 'Model calls by feature: time to the first piece of the answer',
  labelNames: ['feature'],
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40],
  registers: [registry],
});

const modelTokens = new Counter({
  name: 'moyan_model_tokens_total',
  help: 'Tokens of model calls by feature and direction (prompt, completion)',
  labelNames: ['feature', 'direction'],
  registers: [registry],
});

/** A request's answer, by its route pattern (never the raw path: ids would make a series each). */
export function observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
  httpDuration.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
}

/** The gateway's record of one finished model call (runtime.ts passes it as part of onCall). */
export function observeModelCall(record: LlmCallRecord): void {
  const { feature, outcome } = record;
  modelCalls.inc({ feature, outcome, error_kind: record.errorKind ?? '' });
  modelDuration.observe({ feature, outcome }, record.totalMs / 1000);
  if (record.firstTokenMs !== null) modelFirstToken.observe({ feature }, record.firstTokenMs / 1000);
  modelTokens.inc({ feature, direction: 'prompt' }, record.usage.promptTokens);
  modelTokens.inc({ feature, direction: 'completion' }, record.usage.completionTokens);
}

const libraryReads = new Counter({
  name: 'moyan_library_reads_total',
  help: 'Checks and workbench loads (LIBRARY_READ_DATABASE_URL set) by the server their library lookups read (replica, primary) and why',
  labelNames: ['server', 'reason'],
  registers: [registry],
});

/** Where one check's library lookups went: the replica once caught up, else the primary and why (server/db/library-reads.ts). */
export function observeLibraryReads(server: 'replica' | 'primary', reason: string): void {
  libraryReads.inc({ server, reason });
}
