import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Nonces } from '../pages/html';
import { qrConfirmPage } from '../pages/qr-confirm';
import { invalidPayLinkPage, sandboxClosedPage, sandboxPayPage } from '../pages/sandbox-pay';
import { orderForPayLink } from '../services/orders/orders';
import { isPayChannelOpen } from '../services/payments/channels';

/** Server-rendered pages outside the SPA: the phone's QR confirmation and the sandbox payment. */
export async function registerPages(app: FastifyInstance, context: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, render: (nonces: Nonces) => string) => {
    const nonces = { script: randomBytes(16).toString('base64'), style: randomBytes(16).toString('base64') };
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(nonces))
      .type('text/html; charset=utf-8')
      .send(render(nonces));
  };

  app.get<{ Params: { scanToken: string } }>('/m/qr/:scanToken', async (request, reply) =>
    html(reply, 200, (n) => qrConfirmPage(request.params.scanToken, n, context.config.REGISTRATION === 'open')),
  );

  app.get<{ Params: { orderId: string }; Querystring: { token?: string } }>(
    '/pay/sandbox/:orderId',
    async (request, reply) => {
      if (!isPayChannelOpen(context.config, 'sandbox')) return html(reply, 403, sandboxClosedPage);
      const order = await orderForPayLink(
        context,
        context.payments.sandbox,
        request.params.orderId,
        String(request.query.token ?? ''),
      );
      if (!order) return html(reply, 403, invalidPayLinkPage);
      return html(reply, 200, (n) => sandboxPayPage(order, n));
    },
  );
}

// The pages' only script and style are inline, allowed by nonce; they call this origin's API only.
function pageCsp(nonces: Nonces): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonces.script}'`,
    `style-src 'nonce-${nonces.style}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
