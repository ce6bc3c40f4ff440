import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * An empty body is "no body" whatever Content-Type a client or proxy put on it (POST calls without a
 * body are most of the API); a non-empty body of a media type nobody parses is refused with 415.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    json(request, text, done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '不支持的请求内容类型'), undefined);
  });
}
