import { and, count, eq, lt } from 'drizzle-orm';
import type { Deps } from '../../context';
import { ledgerEntries } from '../../db/schema/ledger';
import { type Order, orders } from '../../db/schema/orders';
import { type PaymentRefund, paymentRefunds } from '../../db/schema/refunds';
import { conflict, notFound } from '../../errors';
import { lockUser, spendableFen } from '../billing/balance';
import type { PaymentProvider, RefundRequest, RefundState } from '../payments/provider';

export interface RefundResult {
  order: Order;
  refund: PaymentRefund;
}

const requestOf = (order: Order, refund: PaymentRefund, reason = '墨研订单退款'): RefundRequest => ({
  orderNo: order.orderNo,
  refundNo: refund.refundNo,
  amountFen: refund.amountFen,
  totalFen: order.amountFen,
  reason,
});

/**
 * An operator refund (CLI) to the channel the order was paid through, in full. The order's credit is
 * held (billing/balance.ts spendableFen) from the request on and leaves the ledger as a reversal when the
 * provider confirms, here or later (a refund notification, the payment sync). The balance must still
 * hold the credit: credit already spent on tasks cannot be taken back. A provider that cannot be
 * reached leaves the refund processing; it is asked again later.
 */
export async function refundOrder(deps: Deps, provider: PaymentProvider, orderId: string, reason?: string): Promise<RefundResult> {
  const { order, refund } = await deps.db.transaction(async (tx) => {
    const [order] = await tx.orm.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw conflict('ORDER_NOT_PAID', '只有已支付的订单可以退款');
    if (order.payChannel !== provider.channel) throw conflict('WRONG_CHANNEL', '订单不是经由该支付渠道支付的');
    const [{ earlier }] = await tx.orm.select({ earlier: count() }).from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    const [processing] = await tx.orm
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, 'processing')));
    if (processing) throw conflict('REFUND_IN_PROGRESS', `订单 ${order.orderNo} 的退款 ${processing.refundNo} 正在处理中`);
    await lockUser(tx, order.userId);
    if ((await spendableFen(tx, order.userId)) < order.creditFen) {
      throw conflict('INSUFFICIENT_BALANCE', '余额已被使用，无法全额退款');
    }
    const [refund] = await tx.orm
      .insert(paymentRefunds)
      .values({ orderId, refundNo: `${order.orderNo}R${Number(earlier) + 1}`, amountFen: order.amountFen, createdAt: deps.now() })
      .returning();
    return { order, refund };
  });
  let state: RefundState;
  try {
    state = await provider.refund(requestOf(order, refund, reason));
  } catch {
    return { order, refund };
  }
  return settleRefund(deps, refund.refundNo, state);
}

/** Asks the provider what became of a processing refund. */
export async function checkRefund(deps: Deps, provider: PaymentProvider, refundNo: string): Promise<RefundResult> {
  const [row] = await deps.db.orm
    .select({ order: orders, refund: paymentRefunds })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(eq(paymentRefunds.refundNo, refundNo));
  if (!row) throw notFound();
  return askRefund(deps, provider, row);
}

/** Asks the provider about a refund already read (processingRefunds, checkRefund); settleRefund reads it again under lock. */
export async function askRefund(deps: Deps, provider: PaymentProvider, { order, refund }: RefundResult): Promise<RefundResult> {
  if (refund.status !== 'processing') return { order, refund };
  return settleRefund(deps, refund.refundNo, await provider.queryRefund(requestOf(order, refund)));
}

/**
 * What the provider said of a refund. Idempotent: only a processing refund changes; a success makes
 * the order refunded and writes the ledger's reversal (once: the ledger's unique order/kind index).
 */
export async function settleRefund(deps: Deps, refundNo: string, state: RefundState): Promise<RefundResult> {
  return deps.db.transaction(async (tx) => {
    const [refund] = await tx.orm.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)).for('update');
    if (!refund) throw notFound();
    const [order] = await tx.orm.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
    if (refund.status !== 'processing' || state.state === 'processing') {
      if (state.state === 'processing' && state.refundId && !refund.providerRefundId) {
        await tx.orm.update(paymentRefunds).set({ providerRefundId: state.refundId }).where(eq(paymentRefunds.id, refund.id));
      }
      return { order, refund };
    }
    const now = deps.now();
    if (state.state === 'declined') {
      const [declined] = await tx.orm
        .update(paymentRefunds)
        .set({ status: 'declined', reason: state.reason.slice(0, 500), settledAt: now })
        .where(eq(paymentRefunds.id, refund.id))
        .returning();
      return { order, refund: declined };
    }
    await lockUser(tx, order.userId);
    const [succeeded] = await tx.orm
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerRefundId: state.refundId ?? refund.providerRefundId, settledAt: now })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    const [refunded] = await tx.orm.update(orders).set({ status: 'refunded', refundedAt: now }).where(eq(orders.id, order.id)).returning();
    await tx.orm.insert(ledgerEntries).values({
      userId: order.userId,
      kind: 'reversal',
      amountFen: -order.creditFen,
      orderId: order.id,
      note: `订单退款（订单 ${order.orderNo}）`,
    });
    return { order: refunded, refund: succeeded };
  });
}

/** Processing refunds last touched before `before`, oldest first (the payment sync asks about them). */
export async function processingRefunds(deps: Deps, before: Date, limit: number): Promise<RefundResult[]> {
  return deps.db.orm
    .select({ order: orders, refund: paymentRefunds })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(and(eq(paymentRefunds.status, 'processing'), lt(paymentRefunds.createdAt, before)))
    .orderBy(paymentRefunds.createdAt)
    .limit(limit);
}
