import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { qrConfirmPage } from '../pages/qr-confirm';
import { invalidPayLinkPage, sandboxPayPage } from '../pages/sandbox-pay';
import { orderForPayLink } from '../services/orders/orders';

/** Server-rendered pages outside the SPA: the phone's QR confirmation and the sandbox payment. */
export async function registerPages(app: FastifyInstance, context: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  app.get<{ Params: { id: string } }>('/m/qr/:id', async (request, reply) =>
    html(reply, 200, qrConfirmPage(request.params.id, reply.cspNonce)),
  );

  app.get<{ Params: { orderId: string }; Querystring: { token?: string } }>(
    '/pay/sandbox/:orderId',
    async (request, reply) => {
      const order = await orderForPayLink(
        context,
        context.payments.sandbox,
        request.params.orderId,
        String(request.query.token ?? ''),
      );
      if (!order) return html(reply, 403, invalidPayLinkPage(reply.cspNonce));
      return html(reply, 200, sandboxPayPage(order, reply.cspNonce));
    },
  );
}
