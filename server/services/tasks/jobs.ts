import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { Task, TaskKind } from '../../db/schema/tasks';
import type { LlmGateway } from '../../engines/llm';

export interface JobContext {
  /** The task as claimed; `task.payload.checkpoint` holds what an earlier, interrupted run saved. */
  task: Task;
  /** Aborted when the process shuts down or the task's lease was lost: save a checkpoint and return. */
  signal: AbortSignal;
  db: Executor;
  config: Config;
  /** The process's model gateway, its calls made for the task's account in the background. */
  llm: LlmGateway;
  log: FastifyBaseLogger;
  /** Reports progress 0-100 (also renews the lease). */
  progress(percent: number): Promise<void>;
  /** Saves resumable state into payload.checkpoint; a resumed run starts from it. */
  checkpoint(state: Record<string, unknown>): Promise<void>;
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
