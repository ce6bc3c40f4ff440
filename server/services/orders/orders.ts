import { randomInt } from 'node:crypto';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { ledgerEntries } from '../../db/schema/ledger';
import { type Order, type OrderStatus, orders } from '../../db/schema/orders';
import { AppError, conflict, notFound } from '../../errors';
import { balanceOf, lockUser } from '../billing/balance';
import { type Page, type PageQuery, offsetOf } from '../paging';
import { requirePayChannel } from '../payments/channels';
import type { PaymentProvider } from '../payments/provider';
import type { Capabilities } from '../system/capabilities';
import { requireForSale } from './for-sale';
import { getPackage } from './packages';

export interface OrderView {
  id: string;
  orderNo: string;
  packageId: string;
  packageName: string;
  packageType: Order['packageType'];
  amountFen: number;
  creditFen: number;
  status: OrderStatus;
  payChannel: 'sandbox';
  paidAt: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface CreatedOrder {
  id: string;
  orderNo: string;
  status: OrderStatus;
  amountFen: number;
  payUrl: string;
  expiresAt: string;
}

export function orderView(o: Order): OrderView {
  return {
    id: o.id,
    orderNo: o.orderNo,
    packageId: o.packageId,
    packageName: o.packageName,
    packageType: o.packageType,
    amountFen: o.amountFen,
    creditFen: o.creditFen,
    status: o.status,
    payChannel: 'sandbox',
    paidAt: o.paidAt?.toISOString() ?? null,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
  };
}

function orderNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `MY${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** A pending order through an open channel for a package on sale (`caps`: what this instance offers). */
export async function createOrder(
  deps: Deps,
  provider: PaymentProvider,
  userId: string,
  packageId: string,
  caps: Capabilities,
): Promise<CreatedOrder> {
  requirePayChannel(deps.config, provider.channel);
  const pkg = await getPackage(deps.db, packageId);
  requireForSale(caps, pkg.type);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await closeExpiredOrders(tx, now, userId);
    const [{ pending }] = await tx.orm
      .select({ pending: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
    if (Number(pending) >= deps.config.MAX_PENDING_ORDERS) {
      throw conflict('TOO_MANY_PENDING_ORDERS', '待支付订单过多，请先完成或等待已有订单关闭');
    }
    const expiresAt = new Date(now.getTime() + deps.config.ORDER_TTL_MINUTES * 60_000);
    const values = {
      userId,
      packageId: pkg.id,
      packageName: pkg.name,
      packageType: pkg.type,
      amountFen: pkg.priceFen,
      creditFen: pkg.creditFen,
      payChannel: provider.channel,
      createdAt: now,
      expiresAt,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const [order] = await tx.transaction((inner) =>
          inner.orm
            .insert(orders)
            .values({ ...values, orderNo: orderNumber(now) })
            .returning(),
        );
        return {
          id: order.id,
          orderNo: order.orderNo,
          status: order.status,
          amountFen: order.amountFen,
          payUrl: provider.payUrl(order.id),
          expiresAt: order.expiresAt.toISOString(),
        };
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error, 'orders_order_no_unique')) throw error;
      }
    }
  });
}

/** The caller's order; another user's order is NOT_FOUND like an unknown one. */
export async function loadOrder(deps: Deps, userId: string, id: string): Promise<OrderView> {
  await closeExpiredOrders(deps.db, deps.now(), userId);
  const [order] = await deps.db.orm
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw notFound();
  return orderView(order);
}

export async function listOrders(
  deps: Deps,
  userId: string,
  page: PageQuery,
  status?: OrderStatus,
): Promise<Page<OrderView>> {
  await closeExpiredOrders(deps.db, deps.now(), userId);
  const where = and(eq(orders.userId, userId), status ? eq(orders.status, status) : undefined);
  const [{ total }] = await deps.db.orm.select({ total: count() }).from(orders).where(where);
  const rows = await deps.db.orm
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return { records: rows.map(orderView), total: Number(total), pageNo: page.pageNo, pageSize: page.pageSize };
}

/** pending orders past their expiry become closed. */
export async function closeExpiredOrders(db: Executor, now: Date, userId?: string): Promise<number> {
  const closed = await db.orm
    .update(orders)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now), userId ? eq(orders.userId, userId) : undefined))
    .returning({ id: orders.id });
  return closed.length;
}

/**
 * A payment notification. Idempotent: the first valid one marks the order paid and credits the
 * balance; later ones return the paid order and change nothing. Refused while the channel is closed.
 */
export async function confirmPayment(
  deps: Deps,
  provider: PaymentProvider,
  orderId: string,
  token: string,
): Promise<OrderView> {
  requirePayChannel(deps.config, provider.channel);
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.orm.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.payChannel !== provider.channel || !provider.verifyNotification(orderId, token)) {
      throw new AppError(403, 'BAD_PAYMENT_TOKEN', '支付凭证无效');
    }
    if (order.status === 'paid') return orderView(order);
    if (order.status === 'refunded') throw conflict('ORDER_REFUNDED', '订单已退款，请重新下单');
    const now = deps.now();
    if (order.status === 'closed' || order.expiresAt < now) {
      if (order.status === 'pending') {
        await tx.orm.update(orders).set({ status: 'closed', closedAt: now }).where(eq(orders.id, orderId));
      }
      throw conflict('ORDER_CLOSED', '订单已超时关闭，请重新下单');
    }
    await lockUser(tx, order.userId);
    const [paid] = await tx.orm
      .update(orders)
      .set({ status: 'paid', paidAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.orm.insert(ledgerEntries).values({
      userId: order.userId,
      kind: 'recharge',
      amountFen: order.creditFen,
      orderId,
      note: `${order.packageName}（订单 ${order.orderNo}）`.slice(0, 200),
    });
    return orderView(paid);
  });
}

/**
 * An operator refund (CLI): the order becomes refunded and its credit leaves the balance, which must
 * still hold it (credit already spent on tasks cannot be taken back).
 */
export async function refundOrder(deps: Deps, orderId: string): Promise<OrderView> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.orm.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw conflict('ORDER_NOT_PAID', '只有已支付的订单可以退款');
    await lockUser(tx, order.userId);
    if ((await balanceOf(tx, order.userId)) < order.creditFen) {
      throw conflict('INSUFFICIENT_BALANCE', '余额已被使用，无法全额退款');
    }
    const [refunded] = await tx.orm
      .update(orders)
      .set({ status: 'refunded', refundedAt: deps.now() })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.orm.insert(ledgerEntries).values({
      userId: order.userId,
      kind: 'reversal',
      amountFen: -order.creditFen,
      orderId,
      note: `订单退款（订单 ${order.orderNo}）`,
    });
    return orderView(refunded);
  });
}

/** The order behind a sandbox pay link, or null when the link's token is not valid for it. */
export async function orderForPayLink(
  deps: Deps,
  provider: PaymentProvider,
  orderId: string,
  token: string,
): Promise<OrderView | null> {
  if (!provider.verifyNotification(orderId, token)) return null;
  const [order] = await deps.db.orm.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const now = deps.now();
  // An expired pending order can no longer be paid (confirmPayment closes it), so closing it here
  // cannot race a payment: show it as closed without reading it again.
  if (order.status !== 'pending' || order.expiresAt >= now) return orderView(order);
  await closeExpiredOrders(deps.db, now, order.userId);
  return orderView({ ...order, status: 'closed', closedAt: now });
}
