import type { Config } from '../../config';
import { modelFor } from '../../engines/llm';

/** Who rewords: a language model, or the offline engine (server/engines/rewrite without a gateway). */
export type RewriteEngineKind = 'model' | 'offline';

/** The service_prices rows of rewording: each model way its own, the offline engine one row of its own, lower. */
export const OFFLINE_REWRITE_SERVICE = 'rewrite_offline';
export const MODEL_REWRITE_SERVICES = ['rewrite', 'aigc_rewrite'];

/**
 * The one rule for which engine a rewording runs on this instance, the same the job applies (services/rewrite/run.ts):
 * 智能降重 is always the offline engine; every other way uses the model when LLM_MODEL_REWRITE (or LLM_MODEL) is
 * configured, otherwise the offline engine.
 */
export function rewriteEngineFor(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_MODEL_REWRITE'>, mode: string): RewriteEngineKind {
  return mode !== 'smart' && modelFor(config, 'rewrite') ? 'model' : 'offline';
}

/** The price row of a rewording: the offline engine's, or the model's (降AIGC, from an AIGC report, has its own). */
export function rewritePriceService(engine: RewriteEngineKind, source: 'aigc' | 'other' = 'other'): string {
  if (engine === 'offline') return OFFLINE_REWRITE_SERVICE;
  return source === 'aigc' ? 'aigc_rewrite' : 'rewrite';
}
