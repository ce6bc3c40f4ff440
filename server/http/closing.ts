import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Requests that still arrive while the server shuts down (on a keep-alive connection, or pipelined
 * behind one in progress) are refused with 503 in the error envelope. Fastify's own answer to them
 * (return503OnClosing) is an English body, so the app turns that off and refuses here instead.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(503, 'SERVER_CLOSING', '服务正在重启，请稍后重试');
  });
}
