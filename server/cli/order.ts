import type { Command } from 'commander';
import { and, desc, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../context';
import type { Database } from '../db/client';
import { type OrderStatus, type PayChannel, orderStatuses, orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { reconcile } from '../services/orders/reconcile';
import { checkRefund, refundOrder } from '../services/orders/refunds';
import { syncPayments } from '../services/orders/sync';
import { chinaDay } from '../services/free-uses/limits';
import type { PaymentProvider } from '../services/payments/provider';
import { type PaymentProviders, paymentProviders } from '../services/payments/providers';
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
            渠道: CHANNEL_NAMES[o.payChannel],
            创建: o.createdAt.toISOString(),
            支付: o.paidAt?.toISOString() ?? '',
          })),
        );
      }),
    );
  order
    .command('refund <id>')
    .description('退款：原路退回（微信支付、支付宝或沙箱），渠道确认后订单变为已退款、到账余额扣回（余额须足够）')
    .option('--reason <text>', '退款原因（显示给付款人）', '墨研订单退款')
    .option('--wait <seconds>', '渠道处理中时等待确认的最长秒数', '30')
    .action((id: string, options: { reason: string; wait: string }) =>
      withPayments(async (deps, providers) => {
        const found = await findOrder(deps.db, id);
        const provider = providers[found.payChannel];
        if (!provider) throw new Error(`${CHANNEL_NAMES[found.payChannel]}未配置，无法原路退款`);
        let { order, refund } = await refundOrder(deps, provider, found.id, options.reason);
        const deadline = Date.now() + Math.max(0, Number(options.wait) || 0) * 1000;
        while (refund.status === 'processing' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          ({ order, refund } = await checkRefund(deps, provider, refund.refundNo).catch(() => ({ order, refund })));
        }
        const channel = CHANNEL_NAMES[order.payChannel];
        if (refund.status === 'declined') throw new Error(`${channel}未退款（${refund.reason ?? '未说明原因'}），订单仍为已支付，余额未变`);
        if (refund.status === 'processing') {
          console.log(`订单 ${order.orderNo} 的退款 ${refund.refundNo} 已提交${channel}，尚未确认；确认后（退款通知或后台查询）自动扣回余额`);
          return;
        }
        console.log(`订单 ${order.orderNo} 已原路退回${channel} ${yuan(refund.amountFen)} 元（退款单 ${refund.refundNo}），扣回余额 ${yuan(order.creditFen)} 元`);
      }),
    );
  order
    .command('sync')
    .description('向微信支付、支付宝查询待支付订单与处理中的退款一次（后台每 PAYMENT_SYNC_SECONDS 秒也会查询）')
    .action(() =>
      withPayments(async (deps, providers) => {
        const round = await syncPayments({ ...deps, config: { ...deps.config, PAYMENT_SYNC_SECONDS: 0 } }, providers, cliLog);
        console.log(
          `查询订单 ${round.checked} 笔：入账 ${round.credited}、关闭 ${round.closed}；查询退款 ${round.refundsChecked} 笔；失败 ${round.failed}`,
        );
      }),
    );
  order
    .command('reconcile')
    .description('对账：下载渠道某日（北京时间，默认昨天）的交易账单，与本站的入账和退款逐笔核对，列出差异（有差异时退出码为 1）')
    .option('--date <yyyy-mm-dd>', '账单日期（北京时间）')
    .option('--channel <channel>', '只核对该渠道（wechat|alipay）')
    .action((options: { date?: string; channel?: string }) =>
      withPayments(async (deps, providers) => {
        const date = options.date ?? chinaDay(new Date(), 1);
        if (options.channel && options.channel !== 'wechat' && options.channel !== 'alipay') throw new Error(`未知渠道：${options.channel}`);
        const channels = (['wechat', 'alipay'] as const).filter((c) => (options.channel ?? c) === c && providers[c]);
        if (channels.length === 0) throw new Error('没有已配置的微信支付或支付宝，无需对账');
        let differences = 0;
        for (const channel of channels) {
          const report = await reconcile(deps, providers[channel] as PaymentProvider, date);
          if (!report) continue;
          differences += report.differences.length;
          console.log(
            `${CHANNEL_NAMES[channel]} ${date}：账单 ${report.billLines} 笔，本站入账 ${report.ourPayments} 笔、退款 ${report.ourRefunds} 笔，差异 ${report.differences.length} 处`,
          );
          if (report.differences.length > 0) {
            console.table(
              report.differences.map((d) => ({
                类型: d.kind === 'payment' ? '支付' : '退款',
                订单号: d.orderNo,
                退款单号: d.refundNo ?? '',
                账单金额: d.billFen === null ? '' : yuan(d.billFen),
                本站金额: d.ourFen === null ? '' : yuan(d.ourFen),
                差异: d.problem,
              })),
            );
          }
        }
        if (differences > 0) process.exitCode = 1;
      }),
    );
}

const CHANNEL_NAMES: Record<PayChannel, string> = { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱支付' };

// The CLI's log for the sync: warnings to stderr, nothing else.
const cliLog = {
  warn: (fields: object, message: string) => console.error(`${message}：${JSON.stringify(fields)}`),
  error: (fields: object, message: string) => console.error(`${message}：${JSON.stringify(fields)}`),
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

function withPayments<T>(fn: (deps: Deps & { db: Database }, providers: PaymentProviders) => Promise<T>): Promise<T> {
  return withDatabase(async (deps) => fn(deps, await paymentProviders(deps.db, deps.config)));
}

/** An order by id or by order number (MY…). */
async function findOrder(db: Database, idOrNo: string) {
  const [found] = await db.orm
    .select()
    .from(orders)
    .where(or(eq(orders.id, idOrNo), eq(orders.orderNo, idOrNo)))
    .limit(1);
  if (!found) throw new Error(`没有订单 ${idOrNo}`);
  return found;
}
