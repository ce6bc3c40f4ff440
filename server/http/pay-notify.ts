import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { receiveNotification } from '../services/orders/notifications';
import { isPayChannelOpen } from '../services/payments/channels';

const NOTIFICATION_LIMIT_BYTES = 64 * 1024;

/**
 * Where WeChat Pay and Alipay call back (PUBLIC_BASE_URL + /pay/<channel>/notify). Not contract calls:
 * the providers send their own formats (signed JSON, a signed form) and expect their own answers, so the
 * body is taken exactly as sent, for its signature, and answered as the provider expects.
 */
export async function registerPaymentNotifications(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFICATION_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    for (const channel of ['wechat', 'alipay'] as const) {
      scope.post(
        `/pay/${channel}/notify`,
        { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
        async (request, reply) => {
          const provider = context.payments[channel];
          if (!provider || !isPayChannelOpen(context.config, channel)) return reply.code(404).type('text/plain').send('not found');
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
          );
          const answer = await receiveNotification(context, provider, { headers, body: String(request.body ?? '') }, request.log);
          return reply.code(answer.status).header('cache-control', 'no-store').type(answer.contentType).send(answer.body);
        },
      );
    }
  });
}
