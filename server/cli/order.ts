import type { Command } from 'commander';
import { and, desc, eq } from 'drizzle-orm';
import { type OrderStatus, orderStatuses, orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { refundOrder } from '../services/orders/orders';
import { withDatabase, yuan } from './with-database';

export function register(program: Command): void {
  const order = program.command('order').description('订单');
  order
    .command('list')
    .description('列出订单（最新在前）')
    .option('--user <username>', '只看该用户')
    .option('--status <status>', `只看该状态（${orderStatuses.join('|')}）`)
    .option('--limit <n>', '最多条数', '50')
    .action((options: { user?: string; status?: string; limit: string }) =>
      withDatabase(async ({ db }) => {
        if (options.status && !orderStatuses.includes(options.status as OrderStatus)) {
          throw new Error(`未知状态：${options.status}`);
        }
        const rows = await db.orm
          .select({ order: orders, username: users.username })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(
            and(
              options.user ? eq(users.username, options.user) : undefined,
              options.status ? eq(orders.status, options.status as OrderStatus) : undefined,
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(Math.max(1, Math.min(1000, Number(options.limit) || 50)));
        if (rows.length === 0) {
          console.log('没有订单');
          return;
        }
        console.table(
          rows.map(({ order: o, username }) => ({
            订单号: o.orderNo,
            id: o.id,
            用户: username,
            套餐: o.packageName,
            金额: yuan(o.amountFen),
            状态: o.status,
            创建: o.createdAt.toISOString(),
            支付: o.paidAt?.toISOString() ?? '',
          })),
        );
      }),
    );
  order
    .command('refund <id>')
    .description('退款：订单变为已退款，到账余额扣回（余额须足够）')
    .action((id: string) =>
      withDatabase(async (deps) => {
        const refunded = await refundOrder(deps, id);
        console.log(`订单 ${refunded.orderNo} 已退款，扣回 ${yuan(refunded.creditFen)} 元`);
      }),
    );
}
