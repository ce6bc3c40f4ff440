import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * An empty body is "no body" whatever Content-Type a client or proxy put on it (POST calls without a
 * body are most of the API); a non-empty body of a media type nobody parses is refused with 415.
 */
export function registerBodyParsers(app: FastifyInstance, mediaTypes: Iterable<string> = []): void {
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
  const onlyEmpty = (_request: unknown, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', '不支持的请求内容类型'), undefined);
  };
  app.addContentTypeParser('*', { parseAs: 'buffer' }, onlyEmpty);
  // The contract's other media types (downloads: pdf, docx ...) get the same treatment by name, which
  // also tells fastify-openapi-glue that they are handled.
  for (const type of mediaTypes) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, { parseAs: 'buffer' }, onlyEmpty);
  }
}
