import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { ledgerEntries } from '../../db/schema/ledger';
import { type PayChannel, orders } from '../../db/schema/orders';
import { AppError, notFound } from '../../errors';
import { lockUser } from '../billing/balance';
import type { PaidEvidence } from '../payments/provider';
import { type OrderView, orderView } from './orders';

/**
 * credited: this call marked the order paid and credited its balance; paid: it already was; refunded /
 * closed: the sandbox refuses to pay such an order (no money moved). A real channel's payment of a
 * closed order (paid at the last moment, its notification late) is credited: the money was taken.
 */
export type SettleOutcome = 'credited' | 'paid' | 'refunded' | 'closed';

export class AmountMismatch extends AppError {
  constructor(orderNo: string, expectedFen: number, paidFen: number) {
    super(409, 'AMOUNT_MISMATCH', `订单 ${orderNo} 的支付金额 ${paidFen} 分与订单金额 ${expectedFen} 分不符，未入账`);
  }
}

/**
 * A payment the channel vouches for (a verified notification, a query's answer, the sandbox's token).
 * Idempotent: one transaction locks the order, so any number of notifications, queries and retries,
 * in any order and from any process, credit the balance once (the ledger's unique order/kind index
 * would refuse a second credit anyway). The amount must be the order's to the fen.
 */
export async function settlePayment(
  deps: Deps,
  channel: PayChannel,
  evidence: PaidEvidence,
): Promise<{ order: OrderView; outcome: SettleOutcome }> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.orm.select().from(orders).where(eq(orders.orderNo, evidence.orderNo)).for('update');
    if (!order || order.payChannel !== channel) throw notFound();
    if (evidence.amountFen !== order.amountFen) throw new AmountMismatch(order.orderNo, order.amountFen, evidence.amountFen);
    if (order.status === 'paid' || (order.status === 'refunded' && channel !== 'sandbox')) {
      return { order: orderView(order), outcome: 'paid' as const };
    }
    if (order.status === 'refunded') return { order: orderView(order), outcome: 'refunded' as const };
    const now = deps.now();
    if (channel === 'sandbox' && (order.status === 'closed' || order.expiresAt < now)) {
      if (order.status === 'pending') {
        await tx.orm.update(orders).set({ status: 'closed', closedAt: now }).where(eq(orders.id, order.id));
      }
      return { order: orderView({ ...order, status: 'closed', closedAt: order.closedAt ?? now }), outcome: 'closed' as const };
    }
    await lockUser(tx, order.userId);
    const [paid] = await tx.orm
      .update(orders)
      .set({ status: 'paid', paidAt: channel === 'sandbox' ? now : evidence.paidAt, providerTradeNo: evidence.tradeNo })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.orm.insert(ledgerEntries).values({
      userId: order.userId,
      kind: 'recharge',
      amountFen: order.creditFen,
      orderId: order.id,
      note: `${order.packageName}（订单 ${order.orderNo}）`.slice(0, 200),
    });
    return { order: orderView(paid), outcome: 'credited' as const };
  });
}
