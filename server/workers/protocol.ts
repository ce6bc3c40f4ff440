import type { MessagePort } from 'node:worker_threads';

// Messages between the API thread and a worker thread. A task's `port` is its own MessageChannel:
// the worker says when it starts (the time limit counts from there, not from the queue) and calls the
// functions the caller lent it (`host`), e.g. the reference library, which lives in the API thread.

/** What a task may ask of the thread that started it. */
export interface Host {
  call<T>(method: string, ...args: unknown[]): Promise<T>;
}

/** A table of tasks a worker entry serves: each takes one structured-cloneable input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskTable = Record<string, (input: any, host: Host) => Promise<unknown>>;

/** The functions a caller lends a running task, called through Host.call. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HostFunctions = Record<string, (...args: any[]) => Promise<unknown>>;

export interface TaskMessage {
  task: string;
  input: unknown;
  port: MessagePort;
}

/** An error thrown by a task, as plain data (a thrown class does not survive the thread boundary). */
export interface TaskError {
  name: string;
  message: string;
  code?: string;
  details?: Record<string, unknown>;
}

export type TaskOutcome = { ok: true; value: unknown } | { ok: false; error: TaskError };

export type WorkerMessage = { type: 'start' } | { type: 'call'; id: number; method: string; args: unknown[] };

export interface HostReply {
  id: number;
  value?: unknown;
  error?: string;
}
