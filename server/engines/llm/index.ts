// The one way the server talks to a language model (any OpenAI-compatible chat-completions endpoint).
export { LlmError, type LlmErrorKind } from './errors';
export { createLlmGateway, type GatewayOptions, type LlmAnswer, type LlmCall, type LlmGateway } from './gateway';
export { listModels } from './models';
export { llmSettings, type LlmSettings, type ModelConfig, modelFor } from './settings';
export { countMessageTokens, countTokens } from './tokens';
export * from './types';
