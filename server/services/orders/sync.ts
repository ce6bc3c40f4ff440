import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../context';
import { type Order, orders } from '../../db/schema/orders';
import { safeError } from '../../safe-error';
import type { PaymentProviders } from '../payments/providers';
import type { PaymentProvider } from '../payments/provider';
import { type OrderView, loadOrder } from './orders';
import { askRefund, processingRefunds } from './refunds';
import { type SettleOutcome, settlePayment } from './settle';

export type SyncOutcome = SettleOutcome | 'closed' | 'pending';

/**
 * Asks the provider about one pending order: paid there, it is credited (as a notification would);
 * closed there, it is closed here; still unpaid past its expiry, it is closed at the provider first
 * (should the buyer pay in between, closing fails and the next round finds it paid).
 */
export async function syncOrder(deps: Deps, provider: PaymentProvider, order: Order): Promise<SyncOutcome> {
  const state = await provider.query(order.orderNo);
  if (state.state === 'paid') return (await settlePayment(deps, provider.channel, state)).outcome;
  if (state.state !== 'closed') {
    if (order.expiresAt >= deps.now()) return 'pending';
    await provider.close(order.orderNo);
  }
  await deps.db.orm
    .update(orders)
    .set({ status: 'closed', closedAt: deps.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  return 'closed';
}

export interface SyncRound {
  checked: number;
  credited: number;
  closed: number;
  refundsChecked: number;
  failed: number;
}

const BATCH = 100;

/**
 * One round of the payment sync: pending orders of the open real channels that were not asked about
 * for PAYMENT_SYNC_SECONDS, and processing refunds. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several processes share the work instead of asking twice. A provider error is logged (never keys or
 * bodies) and the row asked again next round.
 */
export async function syncPayments(deps: Deps, providers: PaymentProviders, log: FastifyBaseLogger): Promise<SyncRound> {
  const round: SyncRound = { checked: 0, credited: 0, closed: 0, refundsChecked: 0, failed: 0 };
  const live = (['wechat', 'alipay'] as const).filter((channel) => providers[channel]);
  if (live.length === 0) return round;
  const now = deps.now();
  const before = new Date(now.getTime() - (deps.config.PAYMENT_SYNC_SECONDS * 1000) / 2);
  const due = deps.db.orm
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), inArray(orders.payChannel, live), lte(orders.syncedAt, before)))
    .orderBy(orders.syncedAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db.orm
    .update(orders)
    .set({ syncedAt: now })
    .where(inArray(orders.id, due))
    .returning();
  for (const order of claimed) {
    const provider = providers[order.payChannel];
    if (!provider) continue;
    round.checked++;
    try {
      const outcome = await syncOrder(deps, provider, order);
      if (outcome === 'credited') round.credited++;
      if (outcome === 'closed') round.closed++;
      if (outcome === 'credited') log.info({ orderNo: order.orderNo, channel: order.payChannel }, 'payment found by query');
    } catch (error) {
      round.failed++;
      log.warn({ orderNo: order.orderNo, channel: order.payChannel, error: safeError(error) }, 'payment sync failed');
    }
  }
  for (const row of await processingRefunds(deps, before, BATCH)) {
    const provider = providers[row.order.payChannel];
    if (!provider) continue;
    round.refundsChecked++;
    try {
      await askRefund(deps, provider, row);
    } catch (error) {
      round.failed++;
      log.warn({ refundNo: row.refund.refundNo, channel: row.order.payChannel, error: safeError(error) }, 'refund sync failed');
    }
  }
  return round;
}

/** Runs syncPayments every PAYMENT_SYNC_SECONDS until stopped (in the API process with in-process jobs, or npm run worker). */
export function startPaymentSync(deps: Deps, providers: PaymentProviders, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = syncPayments(deps, providers, log)
      .catch((error: unknown) => log.error({ error: safeError(error) }, 'payment sync round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.config.PAYMENT_SYNC_SECONDS * 1000);
      });
  };
  timer = setTimeout(tick, deps.config.PAYMENT_SYNC_SECONDS * 1000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The student's 我已支付 (or a reopened pay dialog): their own pending order of a real channel is asked
 * about now. A provider that does not answer leaves the order as it was; the payment sync asks again.
 */
export async function syncOrderOf(
  deps: Deps,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  userId: string,
  orderId: string,
): Promise<OrderView> {
  // Only the caller's own order is claimed; another's is NOT_FOUND from the loadOrder below.
  const [order] = await deps.db.orm
    .update(orders)
    .set({ syncedAt: deps.now() })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'pending')))
    .returning();
  const provider = order && order.payChannel !== 'sandbox' ? providers[order.payChannel] : null;
  if (order && provider) {
    try {
      await syncOrder(deps, provider, order);
    } catch (error) {
      log.warn({ orderNo: order.orderNo, channel: order.payChannel, error: safeError(error) }, 'payment sync failed');
    }
  }
  return loadOrder(deps, userId, orderId);
}
