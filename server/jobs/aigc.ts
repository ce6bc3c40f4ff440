import { createLlmGateway, type LlmGateway, llmSettings } from '../engines/llm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { DetectionMissing, runDetection } from '../services/aigc/run';
import { recordModelCalls } from '../services/llm/calls';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';
import { scoreDetectionInWorker } from '../workers/offload';
import { WorkerFailure } from '../workers/pool';

const WORKER_FAILURES: Record<WorkerFailure['reason'], string> = {
  timeout: 'AIGC 检测超时未能完成，费用已退回，请稍后重试或分章节检测',
  memory: '论文过大或结构异常，AIGC 检测所需内存超出限制，费用已退回，请分章节检测',
  crash: 'AIGC 检测进程意外中断，费用已退回，请稍后重试',
};

const gateways = new WeakMap<object, LlmGateway>();

/** The model gateway of this process for jobs (the API process has its own in AppContext). */
function jobGateway(config: Config, db: Executor): LlmGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = createLlmGateway(llmSettings(config), { onCall: recordModelCalls(db) });
    gateways.set(config, gateway);
  }
  return gateway;
}

/**
 * AIGC detection: the detector on the stored text in a worker thread (the model's log-probability score
 * added when the gateway offers one), each paragraph stored with its sentences and reasons. A failure fails
 * the task, which the runner refunds once.
 */
export const job: JobDefinition = {
  kind: 'aigc',
  handler: async (ctx) => {
    try {
      const summary = await runDetection(ctx.db, ctx.task.id, ctx.progress, {
        score: scoreDetectionInWorker(ctx.config, ctx.signal),
        gateway: jobGateway(ctx.config, ctx.db),
        signal: ctx.signal,
      });
      return { result: { aiCharRatio: summary.aiCharRatio, band: summary.band }, offline: !summary.detector.llm };
    } catch (error) {
      if (error instanceof DetectionMissing) throw new JobFailure('检测记录的正文已丢失，费用已退回，请重新上传');
      if (error instanceof WorkerFailure) throw new JobFailure(WORKER_FAILURES[error.reason]);
      throw error;
    }
  },
};
