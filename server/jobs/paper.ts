import { LlmError } from '../engines/llm';
import { PaperInterrupted, PaperMissing, refundUndelivered, rerunSection, runPaper } from '../services/paper/run';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

/**
 * Paper writing: one task writes the whole paper (each section saved as it streams in and when done); a
 * task with payload.reloadSectionId writes one section again. A model failure part-way fails the task with
 * the finished sections kept and the undelivered part refunded once; a reload that fails is refunded whole.
 */
export const job: JobDefinition = {
  kind: 'paper',
  handler: async (ctx) => {
    try {
      const reload = ctx.task.payload.reloadSectionId;
      if (typeof reload === 'string') {
        await rerunSection(ctx, reload);
        return { result: { reloadSectionId: reload }, offline: false };
      }
      const { sections } = await runPaper(ctx, ctx.task.id, ctx.progress);
      return { result: { sections }, offline: false };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof PaperMissing) throw new JobFailure('论文记录已被删除，费用已退回');
      if (error instanceof PaperInterrupted) {
        const refunded = await refundUndelivered(ctx.db, ctx.task.id, error.delivered, `论文未写完部分退款：${ctx.task.title}`);
        if (refunded > 0) throw new JobFailure(`大模型服务出错，论文未能写完：已写好的章节已保留，未写部分的费用（${(refunded / 100).toFixed(2)} 元）已退回，可逐节重新生成`);
        throw new JobFailure('大模型服务出错，论文未能生成，费用已退回，请稍后重试');
      }
      if (error instanceof LlmError) throw new JobFailure(`${error.message}，费用已退回`);
      throw error;
    }
  },
};
