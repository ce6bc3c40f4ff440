import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { AppError } from '../errors';

/** How long app.close() waits for handlers still running before it gives up on them. */
const HANDLER_GRACE_MS = 30_000;

/**
 * Requests that still arrive while the server shuts down (on a keep-alive connection, or pipelined
 * behind one in progress) are refused with 503 in the error envelope. Fastify's own answer to them
 * (return503OnClosing) is an English body, so the app turns that off and refuses here instead.
 *
 * And app.close() waits for the handlers still running. Fastify waits for open connections only, and a
 * client that hangs up mid-request closes its connection while the handler goes on; the shutdown would
 * then close the database under it and fail its remaining queries half-way.
 */
export function closeGracefully(app: FastifyInstance): void {
  let closing = false;
  let running = 0;
  let settled: (() => void) | undefined;
  const leave = () => {
    if (--running === 0) settled?.();
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // Counted while it runs; a synchronous handler stays synchronous.
    route.handler = function (this: FastifyInstance, request, reply) {
      running++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        leave();
        throw error;
      }
      if (result instanceof Promise) return result.finally(leave);
      leave();
      return result;
    } as RouteHandlerMethod;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(503, 'SERVER_CLOSING', '服务正在重启，请稍后重试');
  });
  app.addHook('onClose', async () => {
    if (running === 0) return;
    const finished = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), HANDLER_GRACE_MS);
      settled = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (!finished) app.log.warn({ running }, 'closing with handlers still running');
  });
}
