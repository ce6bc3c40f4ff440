import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../context';
import { AppError } from '../../errors';
import { safeError } from '../../safe-error';
import type { NotificationAnswer, NotifyingProvider, RawNotification } from '../payments/provider';
import { settleRefund } from './refunds';
import { settlePayment } from './settle';

/**
 * A provider's notification: verified by the provider's adapter (signature, merchant, decryption),
 * then acted on idempotently, and answered as that provider expects. A notification that does not hold
 * up changes nothing and is refused; one that cannot be acted on now (unknown order, wrong amount, a
 * database failure) is refused too, so the provider sends it again, and logged for the operator. Logs
 * carry order numbers and reasons, never the body, keys or signatures.
 */
export async function receiveNotification(
  deps: Deps,
  provider: NotifyingProvider,
  raw: RawNotification,
  log: FastifyBaseLogger,
): Promise<NotificationAnswer> {
  const channel = provider.channel;
  let notification;
  try {
    notification = await provider.parseNotification(raw, deps.now());
  } catch (error) {
    log.warn({ channel, reason: (error as Error).message }, 'payment notification refused');
    return provider.answer(false);
  }
  try {
    switch (notification.kind) {
      case 'paid': {
        const { outcome } = await settlePayment(deps, channel, notification);
        log.info({ channel, orderNo: notification.orderNo, outcome }, 'payment notification');
        break;
      }
      case 'refund': {
        const { refund } = await settleRefund(deps, notification.refundNo, notification.refund);
        log.info({ channel, refundNo: refund.refundNo, status: refund.status }, 'refund notification');
        break;
      }
      case 'ignored':
        log.debug({ channel, what: notification.what }, 'payment notification ignored');
    }
    return provider.answer(true);
  } catch (error) {
    const known = error instanceof AppError;
    log[known ? 'warn' : 'error']({ channel, code: known ? error.code : undefined, error: safeError(error) }, 'payment notification not processed');
    return provider.answer(false);
  }
}
