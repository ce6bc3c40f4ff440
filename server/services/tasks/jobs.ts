import type { FastifyBaseLogger } from 'fastify';
import type { Compute } from '../../compute';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { LlmGateway } from '../../engines/llm';
import type { Task, TaskKind } from '../../db/schema/tasks';

export interface JobContext {
  /** The task as claimed; `task.payload.checkpoint` holds what an earlier, interrupted run saved. */
  task: Task;
  /** Aborted when the process shuts down or the task's lease was lost: save a checkpoint and return. */
  signal: AbortSignal;
  db: Executor;
  config: Config;
  log: FastifyBaseLogger;
  /** The process's model gateway (its calls made for the task's account, in the background) and engines (server/runtime.ts). */
  llm: LlmGateway;
  compute: Compute;
  /** Reports progress 0-100 (also renews the lease). */
  progress(percent: number): Promise<void>;
  /** Saves resumable state into payload.checkpoint; a resumed run starts from it. */
  checkpoint(state: Record<string, unknown>): Promise<void>;
}

/** What a job's service functions run on (a JobContext is one); outside a job, whatever the caller has. */
export interface JobRun {
  db: Executor;
  compute: Compute;
  llm: LlmGateway;
  /** The job's cancellation; absent outside a job. */
  signal?: AbortSignal;
  /** DATA_DIR, where uploaded originals are kept: with it, a rewrite of a .docx learns which changes the file takes in place. */
  config?: Pick<Config, 'DATA_DIR' | 'LIBRARY_COMMON_DOCUMENTS'>;
}

export interface JobOutcome {
  result?: Record<string, unknown>;
  /** false when an LLM produced the result (the record's `offline` flag). */
  offline?: boolean;
}

export type JobHandler = (ctx: JobContext) => Promise<JobOutcome | void>;

/** One file per job kind under server/jobs/ exports `job: JobDefinition`. */
export interface JobDefinition {
  kind: TaskKind;
  handler: JobHandler;
}

/** A failure whose message the user should see (Chinese); anything else shows a generic message. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}
