import type { FastifyRequest } from 'fastify';
import { LLM_FEATURES, type LlmFeature, type LlmGateway } from '../../engines/llm';
import { modelNotConfigured } from './errors';

/**
 * The contract marks every call that needs a model with `x-moyan-model: <feature>`. Such a call is
 * refused with 503 MODEL_NOT_CONFIGURED after authentication and validation, before its handler runs,
 * while the feature has no model: nothing is stored or charged. (The capabilities call says the same
 * beforehand, so the UI explains instead of offering a form.)
 */
export function modelFeatureOf(operation: { operationId: string; [extension: `x-${string}`]: unknown }): LlmFeature | undefined {
  const feature = operation['x-moyan-model'];
  if (feature === undefined) return undefined;
  if (!LLM_FEATURES.includes(feature as LlmFeature)) {
    throw new Error(`${operation.operationId}: x-moyan-model must be one of ${LLM_FEATURES.join(', ')}`);
  }
  return feature as LlmFeature;
}

export function requireModel(llm: Pick<LlmGateway, 'configured'>, feature: LlmFeature) {
  return async (_request: FastifyRequest) => {
    if (!llm.configured(feature)) throw modelNotConfigured();
  };
}
