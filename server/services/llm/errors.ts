import { LlmError, type LlmErrorKind } from '../../engines/llm';
import { AppError } from '../../errors';

export const MODEL_NOT_CONFIGURED_MESSAGE = '未配置大模型服务，请联系管理员配置后再试';

/** The one answer of every call that needs a model when none is configured (503, nothing stored or charged). */
export const modelNotConfigured = () => new AppError(503, 'MODEL_NOT_CONFIGURED', MODEL_NOT_CONFIGURED_MESSAGE);

const BUSY_RETRY_SECONDS = 5;

/**
 * A failed model call as the client sees it: 429 when the account's own calls fill its share, 503 when we or the
 * endpoint are busy, 504 on timeout, else 502.
 */
export function modelFailure(error: LlmError): AppError {
  const kind: LlmErrorKind = error.kind;
  switch (kind) {
    case 'not_configured':
      return modelNotConfigured();
    case 'busy':
    case 'rate_limited':
      return new AppError(503, 'MODEL_BUSY', error.message, undefined, { 'retry-after': String(BUSY_RETRY_SECONDS) });
    case 'account_busy':
      return new AppError(429, 'MODEL_ACCOUNT_BUSY', error.message, undefined, { 'retry-after': String(BUSY_RETRY_SECONDS) });
    case 'timeout':
      return new AppError(504, 'MODEL_TIMEOUT', error.message);
    case 'aborted':
      return new AppError(400, 'REQUEST_ABORTED', '请求已取消');
    default:
      return new AppError(502, 'MODEL_UNAVAILABLE', error.message);
  }
}

/** The error code an SSE `error` event carries for a failure after the answer began. */
export function streamErrorCode(error: unknown): string {
  return error instanceof LlmError ? modelFailure(error).code : 'INTERNAL_ERROR';
}
