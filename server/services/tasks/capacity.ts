import type { Config } from '../../config';
import type { TaskKind } from '../../db/schema/tasks';

/**
 * The kinds of work, each with slots of its own: `cpu` work (查重, AIGC检测, rendering a deck) keeps a core busy
 * for seconds; `model` work (rewording, lowering AI traces, writing a paper) waits on the model for minutes. A
 * paper waiting on a slow model therefore never holds the slot a short 查重 needs. Chat answers run in the
 * request that asks them (limited by the model gateway), never in the queue.
 */
export type WorkClass = 'cpu' | 'model';
export const WORK_CLASSES: readonly WorkClass[] = ['cpu', 'model'];

export const WORK_CLASS_OF: Record<TaskKind, WorkClass | null> = {
  check: 'cpu',
  aigc: 'cpu',
  ppt: 'cpu',
  rewrite: 'model',
  'aigc-lower': 'model',
  paper: 'model',
  chat: null,
};

export const kindsOf = (workClass: WorkClass): TaskKind[] =>
  (Object.keys(WORK_CLASS_OF) as TaskKind[]).filter((kind) => WORK_CLASS_OF[kind] === workClass);

export interface Capacity {
  /** Tasks of this kind of work one runner runs at once. */
  slots: number;
  /** Tasks of this kind of work one account has running at once, counted over every runner. */
  perAccount: number;
}

export function capacityOf(
  config: Pick<Config, 'WORKER_CONCURRENCY' | 'WORKER_MODEL_CONCURRENCY' | 'WORKER_ACCOUNT_CONCURRENCY' | 'WORKER_MODEL_ACCOUNT_CONCURRENCY'>,
  workClass: WorkClass,
): Capacity {
  return workClass === 'cpu'
    ? { slots: config.WORKER_CONCURRENCY, perAccount: config.WORKER_ACCOUNT_CONCURRENCY }
    : { slots: config.WORKER_MODEL_CONCURRENCY, perAccount: config.WORKER_MODEL_ACCOUNT_CONCURRENCY };
}
