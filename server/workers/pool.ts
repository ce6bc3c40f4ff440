import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ComputeFailure } from '../compute';
import type { Config } from '../config';
import { DocumentError, type DocumentErrorCode } from '../engines/text/errors';
import type { HostFunctions, HostReply, TaskError, TaskOutcome, TaskTable, WorkerMessage } from './protocol';
import type { Tasks } from './tasks';

export interface PoolOptions {
  threads: number;
  /** Heap limit of each worker (V8 old generation). */
  memoryMb: number;
  /** Module exporting `tasks` (default: ./tasks.ts). */
  tasks?: URL;
  /** How long an idle worker beyond the first is kept. */
  idleTimeoutMs?: number;
}

export interface RunOptions {
  /** Counted from the moment a worker starts the task; the worker is terminated when it passes. */
  timeoutMs: number;
  /** The caller's own cancellation (shutdown, lost lease): the worker is terminated, the reason rethrown. */
  signal?: AbortSignal;
  /** Functions the task may call back in this thread. */
  host?: HostFunctions;
}

type Input<T extends TaskTable, K extends keyof T> = Parameters<T[K]>[0];
type Output<T extends TaskTable, K extends keyof T> = Awaited<ReturnType<T[K]>>;

// Below the API thread: with every core busy parsing, requests are still answered first (Linux and
// macOS; needs the optional @napi-rs/nice, installed with piscina).
const NICE_INCREMENT = process.platform === 'win32' ? 0 : 10;

function rebuild(error: TaskError): Error {
  if (error.name === 'DocumentError' && error.code) {
    return new DocumentError(error.code as DocumentErrorCode, error.message, error.details);
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

async function answer(port: MessagePort, host: HostFunctions, id: number, method: string, args: unknown[]) {
  let reply: HostReply;
  try {
    const fn = host[method];
    if (!fn) throw new Error(`No host function "${method}"`);
    reply = { id, value: await fn(...args) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
}

/**
 * Worker threads (piscina) for CPU-heavy and hostile work: document parsing, the similarity engine,
 * report rendering. Each worker has a heap limit and each task a time limit; a worker that dies is
 * replaced by the pool and its task fails with ComputeFailure, never the process.
 */
/** What the metrics read at a scrape: capacity, tasks in hand, and the workers terminated so far by cause. */
export interface PoolStats {
  threads: number;
  running: number;
  waiting: number;
  failures: Record<ComputeFailure['reason'], number>;
}

export class WorkerPool<T extends TaskTable = Tasks> {
  private readonly piscina: Piscina;
  private readonly maxThreads: number;
  private inHand = 0;
  private readonly failures: PoolStats['failures'] = { timeout: 0, memory: 0, crash: 0 };

  constructor(options: PoolOptions) {
    this.maxThreads = options.threads;
    this.piscina = new Piscina({
      filename: new URL('./entry.mjs', import.meta.url).href,
      workerData: { tasks: (options.tasks ?? new URL('./tasks.ts', import.meta.url)).href },
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      niceIncrement: NICE_INCREMENT,
      // entry.mjs loads the TypeScript itself; tsx's own loader flags would register a second loader.
      execArgv: [],
    });
    // A worker dying between tasks is replaced; nothing is waiting for it.
    this.piscina.on('error', () => undefined);
  }

  /** Live worker threads (tests). */
  get threads(): number {
    return this.piscina.threads.length;
  }

  stats(): PoolStats {
    const waiting = this.piscina.queueSize;
    return { threads: this.maxThreads, running: Math.max(0, this.inHand - waiting), waiting, failures: { ...this.failures } };
  }

  async run<K extends keyof T & string>(task: K, input: Input<T, K>, options: RunOptions): Promise<Output<T, K>> {
    this.inHand++;
    try {
      return await this.runInWorker(task, input, options);
    } catch (error) {
      if (error instanceof ComputeFailure) this.failures[error.reason]++;
      throw error;
    } finally {
      this.inHand--;
    }
  }

  private async runInWorker<K extends keyof T & string>(task: K, input: Input<T, K>, options: RunOptions): Promise<Output<T, K>> {
    const { signal, host = {} } = options;
    signal?.throwIfAborted();
    const { port1, port2 } = new MessageChannel();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const cancel = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', cancel, { once: true });
    port1.on('message', (message: WorkerMessage) => {
      if (message.type === 'call') void answer(port1, host, message.id, message.method, message.args);
      else if (!timer) {
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);
      }
    });
    let outcome: TaskOutcome;
    try {
      outcome = (await this.piscina.run({ task, input, port: port2 }, { transferList: [port2], signal: controller.signal })) as TaskOutcome;
    } catch (error) {
      if (timedOut) throw new ComputeFailure('timeout', `worker task ${task} passed its ${options.timeoutMs} ms limit`);
      if (signal?.aborted) throw signal.reason;
      const code = (error as { code?: string }).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ComputeFailure('memory', `worker task ${task} ran out of memory`);
      throw new ComputeFailure('crash', `worker task ${task} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      port1.close();
    }
    if (!outcome.ok) throw rebuild(outcome.error);
    return outcome.value as Output<T, K>;
  }

  /** Stops every worker at once; running tasks fail (shutdown, tests). */
  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

let shared: WorkerPool | undefined;

/** The process's pool, created on first use with the configured threads and memory limit. */
export function workerPool(config: Pick<Config, 'WORKER_THREADS' | 'WORKER_MEMORY_MB'>): WorkerPool {
  shared ??= new WorkerPool({ threads: config.WORKER_THREADS, memoryMb: config.WORKER_MEMORY_MB });
  return shared;
}

/** The process's pool if one was started (the metrics read it; they never start one). */
export function currentWorkerPool(): WorkerPool | undefined {
  return shared;
}

/** Closes the process's pool (shutdown and test teardown); the next use creates a new one. */
export async function closeWorkerPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
