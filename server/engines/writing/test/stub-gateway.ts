import type { LlmCall, LlmCallRecord, LlmGateway, LlmRequest } from '../../llm';

/** A gateway whose model answers with scripted text, streamed a few characters at a time (engine unit tests). */
export function stubGateway(answer: (request: LlmRequest) => string): LlmGateway & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  const stream = (request: LlmRequest): LlmCall => {
    requests.push(request);
    const text = answer(request);
    let settle: (r: LlmCallRecord) => void = () => undefined;
    const record = new Promise<LlmCallRecord>((resolve) => (settle = resolve));
    return {
      record,
      async *[Symbol.asyncIterator]() {
        for (let i = 0; i < text.length; i += 7) yield { content: text.slice(i, i + 7) };
        settle({
          feature: request.feature,
          model: 'stub',
          taskId: request.taskId ?? null,
          outcome: 'complete',
          errorKind: null,
          finishReason: 'stop',
          usage: { promptTokens: 1, completionTokens: text.length, source: 'counted' },
          content: text,
          attempts: 1,
          firstTokenMs: 0,
          totalMs: 0,
        });
      },
    };
  };
  return {
    requests,
    configured: () => true,
    model: () => 'stub',
    models: () => ({ chat: 'stub', rewrite: 'stub', writing: 'stub', slides: 'stub' }),
    stream,
    complete: async (request) => {
      const call = stream(request);
      let content = '';
      for await (const d of call) content += d.content;
      return { content, logprobs: [], record: await call.record };
    },
    supportsLogprobs: async () => false,
    load: () => ({ active: 0, queued: 0 }),
    forAccount() {
      return this;
    },
  };
}
