import type { Config } from '../../config';
import type { LlmFeature } from './types';

/** The gateway's configuration (server/config.ts validates the variables; .env.example documents them). */
export interface LlmSettings {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  models: Record<LlmFeature, string | undefined>;
  timeoutMs: number;
  firstTokenTimeoutMs: number;
  maxRetries: number;
  concurrency: number;
  accountConcurrency: number;
  accountQueue: number;
  queueTimeoutMs: number;
}

type LlmConfig = Pick<
  Config,
  | 'LLM_BASE_URL'
  | 'LLM_API_KEY'
  | 'LLM_MODEL'
  | 'LLM_MODEL_CHAT'
  | 'LLM_MODEL_REWRITE'
  | 'LLM_MODEL_WRITING'
  | 'LLM_MODEL_SLIDES'
  | 'LLM_TIMEOUT_MS'
  | 'LLM_FIRST_TOKEN_TIMEOUT_MS'
  | 'LLM_MAX_RETRIES'
  | 'LLM_CONCURRENCY'
  | 'LLM_ACCOUNT_CONCURRENCY'
  | 'LLM_ACCOUNT_QUEUE'
  | 'LLM_QUEUE_TIMEOUT_MS'
>;

export type ModelConfig = Partial<
  Pick<Config, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_MODEL_CHAT' | 'LLM_MODEL_REWRITE' | 'LLM_MODEL_WRITING' | 'LLM_MODEL_SLIDES'>
>;

/** The model a feature uses (its own LLM_MODEL_<FEATURE>, else LLM_MODEL), or undefined: no endpoint or no model. */
export function modelFor(config: ModelConfig, feature: LlmFeature): string | undefined {
  if (!config.LLM_BASE_URL) return undefined;
  const own = {
    chat: config.LLM_MODEL_CHAT,
    rewrite: config.LLM_MODEL_REWRITE,
    writing: config.LLM_MODEL_WRITING,
    slides: config.LLM_MODEL_SLIDES,
  }[feature];
  return own ?? config.LLM_MODEL;
}

export function llmSettings(config: LlmConfig): LlmSettings {
  return {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    models: {
      chat: modelFor(config, 'chat'),
      rewrite: modelFor(config, 'rewrite'),
      writing: modelFor(config, 'writing'),
      slides: modelFor(config, 'slides'),
    },
    timeoutMs: config.LLM_TIMEOUT_MS,
    firstTokenTimeoutMs: config.LLM_FIRST_TOKEN_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    concurrency: config.LLM_CONCURRENCY,
    // One account never holds every slot, whatever the settings say.
    accountConcurrency: Math.max(1, Math.min(config.LLM_ACCOUNT_CONCURRENCY, config.LLM_CONCURRENCY - 1)),
    accountQueue: config.LLM_ACCOUNT_QUEUE,
    queueTimeoutMs: config.LLM_QUEUE_TIMEOUT_MS,
  };
}
