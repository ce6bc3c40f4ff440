import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client';
import { ensureSetting } from '../settings';
import type { PaymentProvider } from './provider';

/**
 * 沙箱支付: the pay URL is a confirmation page on this server (/pay/sandbox/<orderId>?token=...), the
 * token an HMAC of the order id, so only whoever received the pay URL can mark the order paid.
 */
export function sandboxProvider(secret: string): PaymentProvider {
  const sign = (orderId: string) => createHmac('sha256', secret).update(`sandbox:${orderId}`).digest('base64url');
  return {
    channel: 'sandbox',
    payUrl: (orderId) => `/pay/sandbox/${encodeURIComponent(orderId)}?token=${sign(orderId)}`,
    verifyNotification(orderId, token) {
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** PAYMENT_SECRET, or a secret generated once and kept in the database (shared by every process). */
export async function sandboxSecret(db: Executor, configured: string | undefined): Promise<string> {
  return configured ?? ensureSetting(db, 'sandbox_payment_secret', () => randomBytes(32).toString('base64url'));
}
