import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, errorBody } from '../errors';
import { safeError } from '../safe-error';
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
    case 'FST_PROTO_VIOLATION':
      return badRequest('表单字段名不可用');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('表单字段不是合法的 JSON');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'MALFORMED_MULTIPART', '上传未完成，请重新选择文件上传');
    case 'FST_ERR_BAD_URL':
      return new AppError(400, 'BAD_URL', '请求地址格式不正确');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, 'BAD_REQUEST', '请求内容长度与声明不符');
  }
  const status = e.statusCode ?? 500;
  return byStatus[status] ?? (status >= 400 && status < 500 ? new AppError(status, 'BAD_REQUEST', '请求无效') : internal());
}

const internal = () => new AppError(500, 'INTERNAL_ERROR', '服务器开小差了，请稍后重试');

// Errors from Fastify, its plugins and Node that carry only a status.
const byStatus: Record<number, AppError> = {
  404: new AppError(404, 'NOT_FOUND', '接口不存在'),
  405: new AppError(405, 'METHOD_NOT_ALLOWED', '不支持该请求方法'),
  406: new AppError(406, 'NOT_ACCEPTABLE', '无法按要求的格式返回内容'),
  408: new AppError(408, 'REQUEST_TIMEOUT', '请求超时，请检查网络后重试'),
  413: new AppError(413, 'PAYLOAD_TOO_LARGE', '请求内容过大'),
  414: new AppError(414, 'URI_TOO_LONG', '请求地址过长，请缩短后重试'),
  415: new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '不支持的请求内容类型'),
  429: new AppError(429, 'RATE_LIMITED', '操作过于频繁，请稍后再试'),
  431: new AppError(431, 'HEADERS_TOO_LARGE', '请求头过大，请清除本站的 Cookie 后重试'),
};

export function errorHandler(limits: Limits) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, limits);
    const operationId = request.routeOptions.config?.operationId;
    // Only ids and codes are logged: never the request's values nor a failed query's parameters.
    if (appError.statusCode === 501 || appError.code === 'SERVER_CLOSING') {
      // Expected refusals (a service not built yet, a request during shutdown): no stack, no alarm.
      request.log.info({ code: appError.code, operationId }, 'request refused');
    } else if (appError.statusCode >= 500) {
      request.log.error({ error: safeError(error), operationId }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: appError.code, cause: error.code ?? error.name, operationId }, 'request rejected');
    }
    if (appError.headers) void reply.headers(appError.headers);
    return reply.code(appError.statusCode).send(errorBody(appError.code, appError.message, appError.details));
  };
}

/** The answer to a path no route serves. */
export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', '接口不存在'));
}
