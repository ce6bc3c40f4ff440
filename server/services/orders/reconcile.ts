import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Deps } from '../../context';
import { type PayChannel, orders } from '../../db/schema/orders';
import { paymentRefunds } from '../../db/schema/refunds';
import { chinaDayRange } from '../payments/amounts';
import type { BillLine, PaymentProvider } from '../payments/provider';

export interface Difference {
  kind: BillLine['kind'];
  orderNo: string;
  refundNo: string | null;
  /** What the provider's bill says (fen), null when the bill has no such line. */
  billFen: number | null;
  /** What this server recorded (fen), null when it has nothing. */
  ourFen: number | null;
  problem: string;
}

export interface Reconciliation {
  channel: PayChannel;
  date: string;
  billLines: number;
  ourPayments: number;
  ourRefunds: number;
  differences: Difference[];
}

/**
 * The provider's bill of one day (China time) against what this server recorded that day: payments
 * credited (by the provider's payment time) and refunds confirmed. Null when the channel keeps no bill.
 */
export async function reconcile(deps: Deps, provider: PaymentProvider, date: string): Promise<Reconciliation | null> {
  const { from, to } = chinaDayRange(date);
  const bill = await provider.bill(date);
  if (!bill) return null;
  const channel = provider.channel;
  const ourPayments = await deps.db.orm
    .select()
    .from(orders)
    .where(and(eq(orders.payChannel, channel), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  const ourRefunds = await deps.db.orm
    .select({ refund: paymentRefunds, orderNo: orders.orderNo })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(and(eq(orders.payChannel, channel), eq(paymentRefunds.status, 'succeeded'), gte(paymentRefunds.settledAt, from), lt(paymentRefunds.settledAt, to)));
  // The bill's orders are looked up whenever they were paid here: a payment near midnight may be a day apart.
  const billOrderNos = [...new Set(bill.map((line) => line.orderNo))];
  const known = billOrderNos.length
    ? await deps.db.orm.select().from(orders).where(and(eq(orders.payChannel, channel), inArray(orders.orderNo, billOrderNos)))
    : [];
  const byOrderNo = new Map([...known, ...ourPayments].map((order) => [order.orderNo, order]));
  const refundsByNo = new Map(ourRefunds.map((row) => [row.refund.refundNo, row]));

  const differences: Difference[] = [];
  const seenPayments = new Set<string>();
  const seenRefunds = new Set<string>();
  for (const line of bill) {
    if (line.kind === 'payment') {
      seenPayments.add(line.orderNo);
      const order = byOrderNo.get(line.orderNo);
      const base = { kind: line.kind, orderNo: line.orderNo, refundNo: null, billFen: line.amountFen };
      if (!order) differences.push({ ...base, ourFen: null, problem: '渠道已收款，本站没有这个订单' });
      else if (order.status !== 'paid' && order.status !== 'refunded') {
        differences.push({ ...base, ourFen: order.amountFen, problem: `渠道已收款，本站订单仍为 ${order.status}（未入账）` });
      } else if (order.amountFen !== line.amountFen) {
        differences.push({ ...base, ourFen: order.amountFen, problem: '金额不符' });
      }
    } else {
      const refundNo = line.refundNo ?? '';
      seenRefunds.add(refundNo);
      const ours = refundsByNo.get(refundNo);
      const base = { kind: line.kind, orderNo: line.orderNo, refundNo: line.refundNo, billFen: line.amountFen };
      if (!ours) differences.push({ ...base, ourFen: null, problem: '渠道有这笔退款，本站当天没有确认的退款' });
      else if (ours.refund.amountFen !== line.amountFen) differences.push({ ...base, ourFen: ours.refund.amountFen, problem: '退款金额不符' });
    }
  }
  for (const order of ourPayments) {
    if (!seenPayments.has(order.orderNo)) {
      differences.push({ kind: 'payment', orderNo: order.orderNo, refundNo: null, billFen: null, ourFen: order.amountFen, problem: '本站已入账，账单中没有这笔支付' });
    }
  }
  for (const { refund, orderNo } of ourRefunds) {
    if (!seenRefunds.has(refund.refundNo)) {
      differences.push({ kind: 'refund', orderNo, refundNo: refund.refundNo, billFen: null, ourFen: refund.amountFen, problem: '本站已退款，账单中没有这笔退款' });
    }
  }
  return { channel, date, billLines: bill.length, ourPayments: ourPayments.length, ourRefunds: ourRefunds.length, differences };
}
