import type { Executor } from '../../db/client';
import { llmCalls } from '../../db/schema/llm-calls';
import type { LlmCallRecord } from '../../engines/llm';

/** The gateway's usage sink: every model call leaves a row in llm_calls, against its task when it has one. */
export function recordModelCalls(db: Executor) {
  return async (record: LlmCallRecord): Promise<void> => {
    await db.orm.insert(llmCalls).values({
      taskId: record.taskId,
      feature: record.feature,
      model: record.model,
      outcome: record.outcome,
      errorKind: record.errorKind,
      finishReason: record.finishReason,
      promptTokens: record.usage.promptTokens,
      completionTokens: record.usage.completionTokens,
      usageSource: record.usage.source,
      attempts: record.attempts,
      firstTokenMs: record.firstTokenMs,
      totalMs: record.totalMs,
    });
  };
}
