// Every failure leaves the server as {success: false, error: {code, message, details?}} with an HTTP
// status; services throw AppError and the app's error handler renders it.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'VALIDATION_FAILED', `请求参数不正确：${message}`, details);

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', '未登录或登录已过期，请重新登录');

export const notFound = () => new AppError(404, 'NOT_FOUND', '记录不存在');

export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const gone = (code: string, message: string) => new AppError(410, code, message);

export const notImplemented = () => new AppError(501, 'NOT_IMPLEMENTED', '该功能即将上线，敬请期待');

export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, { retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function errorBody(code: string, message: string, details?: Record<string, unknown>): ErrorBody {
  return { success: false, error: details ? { code, message, details } : { code, message } };
}
