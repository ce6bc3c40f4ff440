import { ComputeFailure, EngineMissing } from '../compute';
import { LlmError } from '../engines/llm';
import { RewriteMissing, rerunParagraph, runRewrite } from '../services/rewrite/run';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

/**
 * Rewording: the engine on the stored text (paragraph by paragraph, each stored when done), measured
 * against the library before and after in the worker pool. A task with payload.reloadPairId re-runs one
 * paragraph of a finished record (no charge). Any failure fails the task, which the runner refunds once.
 */
export const job: JobDefinition = {
  kind: 'rewrite',
  handler: async (ctx) => {
    try {
      const reload = ctx.task.payload.reloadPairId;
      if (typeof reload === 'string') {
        const { offline } = await rerunParagraph(ctx, reload);
        return { result: { reloadPairId: reload }, offline };
      }
      const { offline, paragraphs } = await runRewrite(ctx, ctx.task.id, ctx.progress);
      return { result: { paragraphs }, offline };
    } catch (error) {
      if (error instanceof RewriteMissing) throw new JobFailure('降重记录的正文已丢失，费用已退回，请重新上传');
      // Missing in this thread, or in the worker that ran it (the error crosses the thread as a plain Error with its name).
      if (error instanceof EngineMissing || (error instanceof Error && error.name === 'EngineMissing')) {
        throw new JobFailure('改写引擎暂不可用，费用已退回，请稍后重试');
      }
      if (error instanceof LlmError) throw new JobFailure('大模型服务出错，改写未能完成，费用已退回；已完成的段落已保留');
      if (error instanceof ComputeFailure) throw new JobFailure('降重进程超时或中断，费用已退回，请稍后重试或分章节处理');
      throw error;
    }
  },
};
