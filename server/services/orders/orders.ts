import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type Order, type OrderStatus, type PayChannel, orders } from '../../db/schema/orders';
import { AppError, conflict, notFound } from '../../errors';
import { lockUser } from '../billing/balance';
import { type Page, type PageQuery, offsetOf } from '../paging';
import { requirePayChannel } from '../payments/channels';
import type { PaymentProvider, PaymentStart } from '../payments/provider';
import type { SandboxProvider } from '../payments/sandbox';
import type { Capabilities } from '../system/capabilities';
import { requireForSale } from './for-sale';
import { settlePayment } from './settle';
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
  payChannel: PayChannel;
  /** What the buyer scans while the order is pending (WeChat Pay / Alipay); null otherwise. */
  qrCode: string | null;
  paidAt: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface CreatedOrder extends PaymentStart {
  id: string;
  orderNo: string;
  status: OrderStatus;
  amountFen: number;
  payChannel: PayChannel;
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
    payChannel: o.payChannel,
    qrCode: o.status === 'pending' ? o.payCode : null,
    paidAt: o.paidAt?.toISOString() ?? null,
    expiresAt: o.expiresAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
  };
}

function orderNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `MY${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * A pending order through an open channel for a package on sale (`caps`: what this instance offers),
 * opened at the provider. When the provider cannot open it the order is closed and 502 answered.
 */
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
  const order = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await closeExpiredOrders(tx, now, userId);
    // Expired orders of WeChat Pay and Alipay stay pending until closed at the provider; they no longer count.
    const [{ pending }] = await tx.orm
      .select({ pending: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), gt(orders.expiresAt, now)));
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
      syncedAt: now,
      expiresAt,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const [inserted] = await tx.transaction((inner) =>
          inner.orm
            .insert(orders)
            .values({ ...values, orderNo: orderNumber(now) })
            .returning(),
        );
        return inserted;
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error, 'orders_order_no_unique')) throw error;
      }
    }
  });
  const start = await startPayment(deps, provider, order);
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    amountFen: order.amountFen,
    payChannel: order.payChannel,
    ...start,
    expiresAt: order.expiresAt.toISOString(),
  };
}

const CHANNEL_NAMES: Record<PayChannel, string> = { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱支付' };

/** The provider's side of a new order (outside the transaction: it is a network call); its code is kept for a reopened dialog. */
async function startPayment(deps: Deps, provider: PaymentProvider, order: Order): Promise<PaymentStart> {
  try {
    const start = await provider.start({
      id: order.id,
      orderNo: order.orderNo,
      amountFen: order.amountFen,
      description: `墨研-${order.packageName}`,
      expiresAt: order.expiresAt,
    });
    if (start.qrCode) await deps.db.orm.update(orders).set({ payCode: start.qrCode }).where(eq(orders.id, order.id));
    return start;
  } catch (error) {
    // The buyer never saw a code to pay with; should the provider have opened it after all, it expires there too.
    await deps.db.orm
      .update(orders)
      .set({ status: 'closed', closedAt: deps.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    const refusal = new AppError(502, 'PAYMENT_PROVIDER_ERROR', `${CHANNEL_NAMES[provider.channel]}暂时无法下单，请稍后重试或换一种支付方式`);
    refusal.cause = error;
    throw refusal;
  }
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

/**
 * Pending sandbox orders past their expiry become closed. Those of WeChat Pay and Alipay are closed by
 * the payment sync (orders/sync.ts) once the provider has closed them too, so that a payment made at
 * the last moment is credited and an order never reads closed while it can still be paid.
 */
export async function closeExpiredOrders(db: Executor, now: Date, userId?: string): Promise<number> {
  const closed = await db.orm
    .update(orders)
    .set({ status: 'closed', closedAt: now })
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orders.payChannel, 'sandbox'),
        lt(orders.expiresAt, now),
        userId ? eq(orders.userId, userId) : undefined,
      ),
    )
    .returning({ id: orders.id });
  return closed.length;
}

/**
 * 沙箱支付's confirmation (its page's 确认支付): the pay link's token stands for the payment. Idempotent
 * like a provider's notification; an order closed or refunded is refused (no money moved to keep).
 */
export async function confirmSandboxPayment(deps: Deps, provider: SandboxProvider, orderId: string, token: string): Promise<OrderView> {
  requirePayChannel(deps.config, provider.channel);
  const [order] = await deps.db.orm.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound();
  if (order.payChannel !== provider.channel || !provider.verifyToken(orderId, token)) {
    throw new AppError(403, 'BAD_PAYMENT_TOKEN', '支付凭证无效');
  }
  const settled = await settlePayment(deps, 'sandbox', {
    orderNo: order.orderNo,
    tradeNo: `sandbox-${order.id}`,
    amountFen: order.amountFen,
    paidAt: deps.now(),
  });
  switch (settled.outcome) {
    case 'refunded':
      throw conflict('ORDER_REFUNDED', '订单已退款，请重新下单');
    case 'closed':
      throw conflict('ORDER_CLOSED', '订单已超时关闭，请重新下单');
    default:
      return settled.order;
  }
}

/** The order behind a sandbox pay link, or null when the link's token is not valid for it. */
export async function orderForPayLink(
  deps: Deps,
  provider: SandboxProvider,
  orderId: string,
  token: string,
): Promise<OrderView | null> {
  if (!provider.verifyToken(orderId, token)) return null;
  const [order] = await deps.db.orm.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const now = deps.now();
  // An expired pending order can no longer be paid (settlePayment closes it), so closing it here
  // cannot race a payment: show it as closed without reading it again.
  if (order.status !== 'pending' || order.expiresAt >= now) return orderView(order);
  await closeExpiredOrders(deps.db, now, order.userId);
  return orderView({ ...order, status: 'closed', closedAt: now });
}
