/**
 * Why a model call failed, in words a student can read (the services map kinds to HTTP statuses).
 * `delivered` tells whether part of the answer had already been handed out when it failed.
 */
export type LlmErrorKind =
  | 'not_configured'
  | 'busy'
  | 'account_busy'
  | 'aborted'
  | 'timeout'
  | 'rate_limited'
  | 'auth'
  | 'not_found'
  | 'bad_request'
  | 'upstream'
  | 'dns'
  | 'connection'
  | 'bad_response';

const MESSAGES: Record<LlmErrorKind, string> = {
  not_configured: '未配置大模型服务，请联系管理员配置后再试',
  busy: '大模型服务繁忙，请稍后再试',
  account_busy: '您同时进行的大模型请求已达上限，请等当前的回答或任务完成后再试',
  aborted: '已停止生成',
  timeout: '大模型服务响应超时，请稍后重试',
  rate_limited: '大模型服务请求过多，请稍后重试',
  auth: '大模型服务拒绝了访问（密钥无效或无权限），请联系管理员',
  not_found: '大模型服务找不到配置的模型，请联系管理员',
  bad_request: '大模型服务拒绝了这次请求',
  upstream: '大模型服务暂时不可用，请稍后重试',
  dns: '无法解析大模型服务的地址，请联系管理员',
  connection: '无法连接大模型服务，请稍后重试',
  bad_response: '大模型服务返回了无法识别的内容，请稍后重试',
};

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    options: { status?: number; detail?: string; delivered?: boolean; cause?: unknown } = {},
  ) {
    super(MESSAGES[kind], { cause: options.cause });
    this.name = 'LlmError';
    this.status = options.status;
    this.detail = options.detail;
    this.delivered = options.delivered ?? false;
  }
  /** The upstream HTTP status, when there was one. */
  readonly status: number | undefined;
  /** The upstream's own words (English, for logs and `llm check`; never shown to students). */
  readonly detail: string | undefined;
  readonly delivered: boolean;
}
