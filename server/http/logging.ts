import type { LoggerOptions } from 'pino';
import type { Config } from '../config';
import { safeError } from '../safe-error';

// Query strings never reach the logs: the spec's f/login call carries the password there (our UI sends it in
// the body), the sandbox pay page its token. Authorization headers are not logged either, nor any
// error's values (a failed query's parameters can be a whole paper): see safeError.
export function logOptions(config: Config): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    serializers: {
      err: safeError,
      req(request: { method: string; url: string; ip?: string; hostname?: string }) {
        return { method: request.method, url: withoutQuery(request.url), remoteAddress: request.ip };
      },
    },
  };
}

export function withoutQuery(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : url.slice(0, i);
}
