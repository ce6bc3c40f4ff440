/** What the server asks a model for; each feature may use its own model (LLM_MODEL_<FEATURE>, else LLM_MODEL). */
export const LLM_FEATURES = ['chat', 'rewrite', 'writing', 'slides'] as const;
export type LlmFeature = (typeof LLM_FEATURES)[number];

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  feature: LlmFeature;
  messages: LlmMessage[];
  /** Upper bound of the answer in tokens (max_tokens). */
  maxTokens?: number;
  temperature?: number;
  /** Ask for log-probabilities with this many alternatives per token (0-20); the answer carries them when offered. */
  topLogprobs?: number;
  /** The task the call is for: its usage is recorded against it. */
  taskId?: string;
  /** Aborting it stops the call, the upstream HTTP request included. */
  signal?: AbortSignal;
}

export interface LlmTokenLogprob {
  token: string;
  logprob: number;
  topLogprobs: Array<{ token: string; logprob: number }>;
}

/** One piece of the answer as it arrives. */
export interface LlmDelta {
  content: string;
  /** Present when log-probabilities were asked for and the endpoint sent them. */
  logprobs?: LlmTokenLogprob[];
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** api: reported by the endpoint; counted: estimated here (o200k tokenizer) because it sent none. */
  source: 'api' | 'counted';
}

export type LlmOutcome = 'complete' | 'aborted' | 'failed';

/** What one call cost and how it went, reported when it ends in any way. */
export interface LlmCallRecord {
  feature: LlmFeature;
  model: string;
  taskId: string | null;
  outcome: LlmOutcome;
  /** The LlmError kind when it failed. */
  errorKind: string | null;
  /** Why the model stopped: stop, length, content_filter ... (null when it did not finish). */
  finishReason: string | null;
  usage: LlmUsage;
  /** The answer as far as it was handed to the caller. */
  content: string;
  attempts: number;
  /** From the start of the call (after the wait for a free slot) to the first content and to the end. */
  firstTokenMs: number | null;
  totalMs: number;
}
