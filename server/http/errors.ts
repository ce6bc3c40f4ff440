import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, errorBody } from '../errors';
import { describeValidationError } from './validation-message';

const MB = 1024 * 1024;

interface Limits {
  bodyLimitBytes: number;
  uploadLimitBytes: number;
}

/** Turns anything thrown while handling a request into the error envelope. */
function toAppError(error: FastifyError | AppError | Error, limits: Limits): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError & { validationContext?: string };
  if (e.validation && e.validation.length > 0) {
    const first = e.validation[0] as Parameters<typeof describeValidationError>[0];
    return badRequest(describeValidationError(first, e.validationContext));
  }
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', `文件过大，请上传不超过 ${Math.round(limits.uploadLimitBytes / MB)} MB 的文件`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', `请求内容过大，不能超过 ${Math.round(limits.bodyLimitBytes / MB)} MB`);
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', '一次只能上传一个文件');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', '表单字段过多');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '不支持的请求内容类型');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'INVALID_JSON', '请求体不是合法的 JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传');
  }
  const status = e.statusCode ?? 500;
  if (status === 429) return new AppError(429, 'RATE_LIMITED', '操作过于频繁，请稍后再试');
  if (status === 413) return new AppError(413, 'PAYLOAD_TOO_LARGE', '请求内容过大');
  if (status >= 400 && status < 500) return new AppError(status, 'BAD_REQUEST', '请求无效');
  return new AppError(500, 'INTERNAL_ERROR', '服务器开小差了，请稍后重试');
}

export function errorHandler(limits: Limits) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, limits);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: appError.code, cause: error.code ?? error.name }, 'request rejected');
    }
    if (appError.headers) void reply.headers(appError.headers);
    return reply.code(appError.statusCode).send(errorBody(appError.code, appError.message, appError.details));
  };
}

/** The answer to a path no route serves. */
export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', '接口不存在'));
}
