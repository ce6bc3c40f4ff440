import { ComputeFailure } from '../compute';
import { safeError } from '../safe-error';
import { CheckMissing, runCheck } from '../services/check/run';
import { rewriteAfterCheck } from '../services/rewrite/submit';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

const WORKER_FAILURES: Record<ComputeFailure['reason'], string> = {
  timeout: '查重超时未能完成，费用已退回，请稍后重试或分章节检测',
  memory: '论文过大或结构异常，查重所需内存超出限制，费用已退回，请分章节检测',
  crash: '查重进程意外中断，费用已退回，请稍后重试',
};

/** Plagiarism check: the engine on the stored text (in a worker thread), the report stored with the record. */
export const job: JobDefinition = {
  kind: 'check',
  handler: async (ctx) => {
    try {
      const figures = await runCheck(ctx, ctx.task.id, ctx.progress);
      // check_machine_submit: reword what the report flagged. The report stands even if this step fails.
      try {
        await rewriteAfterCheck({ db: ctx.db, config: ctx.config, now: () => new Date(), compute: ctx.compute }, ctx.task.id);
      } catch (error) {
        ctx.log.error({ error: safeError(error) }, 'rewrite after check failed');
      }
      return { result: { figures }, offline: true };
    } catch (error) {
      if (error instanceof CheckMissing) throw new JobFailure('查重记录的正文已丢失，费用已退回，请重新上传');
      if (error instanceof ComputeFailure) throw new JobFailure(WORKER_FAILURES[error.reason]);
      throw error;
    }
  },
};
