import { Counter, Gauge, Registry } from 'prom-client';
import type { Executor } from '../db/client';
import { librarySize } from '../services/library/scope';
import { currentWorkerPool } from '../workers/pool';

// Read at each scrape, never on the request path: the task queue, the library and the ledger from the database
// (aggregates over indexed columns; the embedded database answers them between requests), the worker pool from
// its counters. A failed read leaves the families out of that scrape and counts the failure.
export interface StateMetrics {
  registry: Registry;
  /** Reads the database into the gauges; called before each scrape is written. */
  refresh(): Promise<void>;
}

export function stateMetrics(db: Executor): StateMetrics {
  const registry = new Registry();
  const registers = [registry];
  const readFailures = new Counter({
    name: 'moyan_metrics_read_failures_total',
    help: 'Scrapes whose database read failed (the families read from the database are missing from them)',
    registers,
  });

  const queued = new Gauge({ name: 'moyan_tasks_queued', help: 'Tasks waiting for a job slot, by kind', labelNames: ['kind'], registers });
  const running = new Gauge({ name: 'moyan_tasks_running', help: 'Tasks running, by kind', labelNames: ['kind'], registers });
  const oldest = new Gauge({
    name: 'moyan_task_queue_oldest_age_seconds',
    help: 'Age of the oldest queued task, by kind (0 when none waits)',
    labelNames: ['kind'],
    registers,
  });
  const libraryDocuments = new Gauge({ name: 'moyan_library_documents', help: 'Documents in the reference library', registers });
  const libraryChars = new Gauge({ name: 'moyan_library_chars', help: 'Characters in the reference library', registers });
  const ledgerFen = new Gauge({ name: 'moyan_ledger_fen', help: 'Sum of ledger entries by kind, in fen (charges negative)', labelNames: ['kind'], registers });
  const ledgerEntries = new Gauge({ name: 'moyan_ledger_entries', help: 'Ledger entries by kind', labelNames: ['kind'], registers });
  const balances = new Gauge({ name: 'moyan_balances_fen', help: 'Sum of every account balance, in fen', registers });

  new Gauge({
    name: 'moyan_worker_threads',
    help: 'Worker threads the pool may run',
    registers,
    collect() {
      this.set(currentWorkerPool()?.stats().threads ?? 0);
    },
  });
  new Gauge({
    name: 'moyan_worker_tasks',
    help: 'Worker pool tasks by state (running, waiting for a thread)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = currentWorkerPool()?.stats();
      this.set({ state: 'running' }, stats?.running ?? 0);
      this.set({ state: 'waiting' }, stats?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'moyan_worker_utilization',
    help: 'Share of the worker threads running a task now (0-1)',
    registers,
    collect() {
      const stats = currentWorkerPool()?.stats();
      this.set(stats?.threads ? stats.running / stats.threads : 0);
    },
  });
  new Counter({
    name: 'moyan_worker_failures_total',
    help: 'Worker tasks ended by the pool, by reason (timeout, memory, crash); the worker is replaced',
    labelNames: ['reason'],
    registers,
    collect() {
      // The pool keeps the counts (workers import nothing of the server); the counter shows them as they stand.
      this.reset();
      const failures = currentWorkerPool()?.stats().failures ?? { timeout: 0, memory: 0, crash: 0 };
      for (const [reason, n] of Object.entries(failures)) this.inc({ reason }, n);
    },
  });

  const readSeconds = new Gauge({ name: 'moyan_metrics_read_seconds', help: 'Time the last scrape spent reading the database', registers });

  async function refresh(): Promise<void> {
    const started = performance.now();
    try {
      await readDatabase();
    } catch {
      readFailures.inc();
      for (const gauge of [queued, running, oldest, libraryDocuments, libraryChars, ledgerFen, ledgerEntries, balances]) gauge.reset();
    }
    readSeconds.set((performance.now() - started) / 1000);
  }

  async function readDatabase(): Promise<void> {
    const tasks = await db.sql<{ kind: string; queued: number; running: number; oldest: number | null }>(
      `select kind,
              count(*) filter (where status = 'queued')::int as queued,
              count(*) filter (where status = 'running')::int as running,
              extract(epoch from now() - min(queued_at) filter (where status = 'queued'))::float8 as oldest
         from tasks where status in ('queued', 'running') group by kind`,
    );
    const library = await librarySize(db);
    const ledger = await db.sql<{ kind: string; fen: string; entries: number }>(
      `select kind, sum(amount_fen)::bigint::text as fen, count(*)::int as entries from ledger_entries group by kind`,
    );
    for (const gauge of [queued, running, oldest, ledgerFen, ledgerEntries]) gauge.reset();
    for (const row of tasks) {
      queued.set({ kind: row.kind }, row.queued);
      running.set({ kind: row.kind }, row.running);
      oldest.set({ kind: row.kind }, row.oldest ?? 0);
    }
    libraryDocuments.set(library.documents);
    libraryChars.set(library.chars);
    for (const row of ledger) {
      ledgerFen.set({ kind: row.kind }, Number(row.fen));
      ledgerEntries.set({ kind: row.kind }, row.entries);
    }
    balances.set(ledger.reduce((sum, row) => sum + Number(row.fen), 0));
  }

  return { registry, refresh };
}
