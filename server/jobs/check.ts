import { CheckMissing, runCheck } from '../services/check/run';
import { type JobDefinition, JobFailure } from '../services/tasks/jobs';

/** Plagiarism check: the engine on the stored text, the report stored with the record. */
export const job: JobDefinition = {
  kind: 'check',
  handler: async (ctx) => {
    try {
      const figures = await runCheck(ctx.db, ctx.task.id, ctx.progress);
      return { result: { figures }, offline: true };
    } catch (error) {
      if (error instanceof CheckMissing) throw new JobFailure('查重记录的正文已丢失，费用已退回，请重新上传');
      throw error;
    }
  },
};
