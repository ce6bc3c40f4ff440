import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client';
import { ensureSetting } from '../settings';
import type { PaymentProvider } from './provider';

export interface SandboxProvider extends PaymentProvider {
  readonly channel: 'sandbox';
  payUrl(orderId: string): string;
  /** Whether a confirmation carries the token of this order's pay link. */
  verifyToken(orderId: string, token: string): boolean;
}

/**
 * 沙箱支付: the pay URL is a confirmation page on this server (/pay/sandbox/<orderId>?token=...), the
 * token an HMAC of the order id, so only whoever received the pay URL can mark the order paid. No money
 * moves, so there is nothing to ask, close or reconcile, and a refund is granted at once.
 */
export function sandboxProvider(secret: string): SandboxProvider {
  const sign = (orderId: string) => createHmac('sha256', secret).update(`sandbox:${orderId}`).digest('base64url');
  const payUrl = (orderId: string) => `/pay/sandbox/${encodeURIComponent(orderId)}?token=${sign(orderId)}`;
  return {
    channel: 'sandbox',
    payUrl,
    verifyToken(orderId, token) {
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    start: async (order) => ({ payUrl: payUrl(order.id), qrCode: null }),
    query: async () => ({ state: 'unknown' }),
    close: async () => undefined,
    refund: async () => ({ state: 'succeeded', refundId: null }),
    queryRefund: async () => ({ state: 'succeeded', refundId: null }),
    bill: async () => null,
  };
}

/** PAYMENT_SECRET, or a secret generated once and kept in the database (shared by every process). */
export async function sandboxSecret(db: Executor, configured: string | undefined): Promise<string> {
  return configured ?? ensureSetting(db, 'sandbox_payment_secret', () => randomBytes(32).toString('base64url'));
}
