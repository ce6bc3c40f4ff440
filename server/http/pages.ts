import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Nonces } from '../pages/html';
import { qrConfirmPage } from '../pages/qr-confirm';
import { type WechatCallbackPage, wechatCallbackPage } from '../pages/wechat-callback';
import { WECHAT_CALLBACK_PATH } from '../services/qr-login/wechat/settings';
import { AppError } from '../errors';
import { addressHash, presentedDeviceHash } from './client-identity';
import { invalidPayLinkPage, sandboxClosedPage, sandboxPayPage } from '../pages/sandbox-pay';
import { orderForPayLink } from '../services/orders/orders';
import { isPayChannelOpen } from '../services/payments/channels';

/** Server-rendered pages outside the SPA: the phone's QR confirmation, WeChat's sign-in callback and the sandbox payment. */
export async function registerPages(app: FastifyInstance, context: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, render: (nonces: Nonces) => string, framedBy: 'none' | 'self' = 'none') => {
    const nonces = { script: randomBytes(16).toString('base64'), style: randomBytes(16).toString('base64') };
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(nonces, framedBy))
      .type('text/html; charset=utf-8')
      .send(render(nonces));
  };

  app.get<{ Params: { scanToken: string } }>('/m/qr/:scanToken', async (request, reply) =>
    html(reply, 200, (n) => qrConfirmPage(request.params.scanToken, n, context.config.REGISTRATION === 'open')),
  );

  const { wechatLogin } = context;
  if (wechatLogin) {
    app.get<{ Querystring: { code?: string; state?: string } }>(WECHAT_CALLBACK_PATH, async (request, reply) => {
      const framed = (status: number, result: WechatCallbackPage) => html(reply, status, (n) => wechatCallbackPage(result, n), 'self');
      try {
        const { code, state } = request.query;
        // The frame WeChat redirects is in the browser that polls: a device cookie minted here would replace the
        // one its poll presents (the cookie's path is the sign-in calls', so none arrives here).
        const browser = { addressHash: addressHash(request), deviceHash: presentedDeviceHash(request) };
        const done = await wechatLogin.callback(context, { code: str(code), state: str(state) }, browser, request.log);
        return framed(200, { kind: done.outcome, loginName: done.loginName });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return framed(error.statusCode, { kind: 'failed', message: error.statusCode === 404 ? '二维码已失效，请刷新后重新扫码' : error.message });
      }
    });
  }

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

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

// The pages' only script and style are inline, allowed by nonce; they call this origin's API only. WeChat's
// callback page shows inside our own frame.
function pageCsp(nonces: Nonces, framedBy: 'none' | 'self'): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonces.script}'`,
    `style-src 'nonce-${nonces.style}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors '${framedBy}'`,
  ].join('; ');
}
