import { ComputeFailure } from '../compute';
import { DetectionMissing, runDetection } from '../services/aigc/run';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

const WORKER_FAILURES: Record<ComputeFailure['reason'], string> = {
  timeout: 'AIGC 检测超时未能完成，费用已退回，请稍后重试或分章节检测',
  memory: '论文过大或结构异常，AIGC 检测所需内存超出限制，费用已退回，请分章节检测',
  crash: 'AIGC 检测进程意外中断，费用已退回，请稍后重试',
};

/**
 * AIGC detection: the detector on the stored text in a worker thread (the model's log-probability score
 * added when the gateway offers one), each paragraph stored with its sentences and reasons. A failure fails
 * the task, which the runner refunds once.
 */
export const job: JobDefinition = {
  kind: 'aigc',
  handler: async (ctx) => {
    try {
      const summary = await runDetection(ctx, ctx.task.id, ctx.progress);
      return { result: { aiCharRatio: summary.aiCharRatio, band: summary.band }, offline: !summary.detector.llm };
    } catch (error) {
      if (error instanceof DetectionMissing) throw new JobFailure('检测记录的正文已丢失，费用已退回，请重新上传');
      if (error instanceof ComputeFailure) throw new JobFailure(WORKER_FAILURES[error.reason]);
      throw error;
    }
  },
};
