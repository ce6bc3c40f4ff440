import { ComputeFailure } from '../compute';
import { DeckMissing, runPptRender } from '../services/ppt/run';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

/**
 * AI PPT: the saved deck rendered to .pptx in the worker pool (overflow shrunk or split, never cut) and
 * stored for download. Any failure fails the task, which the runner refunds once.
 */
export const job: JobDefinition = {
  kind: 'ppt',
  handler: async (ctx) => {
    try {
      const { slideCount, split, shrunk, offline } = await runPptRender(ctx, ctx.task.id, ctx.progress);
      return { result: { slideCount, split, shrunk }, offline };
    } catch (error) {
      if (error instanceof DeckMissing) throw new JobFailure('PPT 的内容已丢失，费用已退回，请重新创建');
      if (error instanceof ComputeFailure) throw new JobFailure('PPT 生成超时或中断，费用已退回，请稍后重试');
      throw error;
    }
  },
};
