import type { LlmMessage } from './types';

// Token counts when an endpoint reports none (and for the chat context budget): OpenAI's o200k encoding,
// an estimate for other models' tokenizers. Its tables take a second or two to load, so they load once,
// in the background, as soon as a model is configured (warmTokenizer), not on the first request.
type Counter = (text: string) => number;
let loading: Promise<Counter> | undefined;

export function warmTokenizer(): Promise<Counter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => m.countTokens);
  return loading;
}

export async function countTokens(text: string): Promise<number> {
  return (await warmTokenizer())(text);
}

// Each chat message costs a few tokens of framing besides its content (OpenAI's published estimate).
const PER_MESSAGE = 4;

export async function countMessageTokens(messages: LlmMessage[]): Promise<number> {
  const count = await warmTokenizer();
  return messages.reduce((sum, m) => sum + PER_MESSAGE + count(m.content), 3);
}
