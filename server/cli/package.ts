import type { Command } from 'commander';
import { asc, eq } from 'drizzle-orm';
import { packages, type ServicePrice, servicePrices } from '../db/schema/packages';
import { computePrice } from '../services/billing/prices';
import { MODEL_REWRITE_SERVICES, OFFLINE_REWRITE_SERVICE } from '../services/rewrite/engine-choice';
import { formerPriceOf, setPackagePrice } from '../services/orders/former-price';
import { fen, withDatabase, yuan } from './with-database';

interface PackageOptions {
  priceFen?: string;
  creditFen?: string;
  name?: string;
  description?: string;
  active?: string;
}

export function register(program: Command): void {
  const pkg = program.command('package').description('套餐（价格单位：分）');
  pkg
    .command('list')
    .description('列出全部套餐')
    .action(() =>
      withDatabase(async ({ db }) => {
        const rows = await db.orm.select().from(packages).orderBy(asc(packages.sort), asc(packages.id));
        const former = await Promise.all(rows.map((p) => formerPriceOf(db, p)));
        console.table(
          rows.map((p, i) => ({
            id: p.id,
            名称: p.name,
            类型: p.type,
            价格: yuan(p.priceFen),
            原价: former[i] === null ? '—' : yuan(former[i]),
            到账: yuan(p.creditFen),
            上架: p.active ? '是' : '否',
          })),
        );
      }),
    );
  pkg
    .command('set <id>')
    .description('修改套餐（改价会记入价格历史；原价只按历史与真实成交显示，不能手填）')
    .option('--price-fen <n>', '售价（分）')
    .option('--credit-fen <n>', '支付后到账余额（分）')
    .option('--name <name>', '名称')
    .option('--description <text>', '说明')
    .option('--active <yes|no>', '是否上架')
    .action((id: string, options: PackageOptions) =>
      withDatabase(async ({ db }) => {
        const priceFen = options.priceFen === undefined ? undefined : positive(fen(options.priceFen));
        const changes = {
          ...(options.creditFen !== undefined && { creditFen: fen(options.creditFen) }),
          ...(options.name !== undefined && { name: options.name }),
          ...(options.description !== undefined && { description: options.description }),
          ...(options.active !== undefined && { active: yes(options.active) }),
        };
        if (Object.keys(changes).length === 0 && priceFen === undefined) throw new Error('没有要修改的内容，请至少给出一个选项');
        const [exists] = await db.orm.select({ id: packages.id }).from(packages).where(eq(packages.id, id));
        if (!exists) throw new Error(`套餐不存在：${id}`);
        if (priceFen !== undefined) await setPackagePrice(db, id, priceFen);
        if (Object.keys(changes).length > 0) await db.orm.update(packages).set({ ...changes, updatedAt: new Date() }).where(eq(packages.id, id));
        const [p] = await db.orm.select().from(packages).where(eq(packages.id, id));
        console.log(`已更新 ${p.id}：${p.name}，售价 ${yuan(p.priceFen)} 元，到账 ${yuan(p.creditFen)} 元`);
      }),
    );

  const price = program.command('price').description('各服务单价：max(最低价, ceil(字数 / 计价字数) × 单价)');
  price
    .command('list')
    .description('列出服务单价')
    .action(() =>
      withDatabase(async ({ db }) => {
        const rows = await db.orm.select().from(servicePrices).orderBy(asc(servicePrices.service));
        console.table(
          rows.map((p) => ({ 服务: p.service, 名称: p.name, 计价字数: p.unitChars, 单价: yuan(p.unitFen), 最低价: yuan(p.minFen) })),
        );
      }),
    );
  price
    .command('set <service>')
    .description('修改服务单价')
    .option('--unit-fen <n>', '每个计价单位的价格（分）')
    .option('--unit-chars <n>', '计价单位的字数')
    .option('--min-fen <n>', '最低价（分）')
    .action((service: string, options: { unitFen?: string; unitChars?: string; minFen?: string }) =>
      withDatabase(async ({ db }) => {
        const changes = {
          ...(options.unitFen !== undefined && { unitFen: fen(options.unitFen) }),
          ...(options.unitChars !== undefined && { unitChars: positive(fen(options.unitChars)) }),
          ...(options.minFen !== undefined && { minFen: fen(options.minFen) }),
        };
        if (Object.keys(changes).length === 0) throw new Error('没有要修改的内容，请至少给出一个选项');
        const updated = await db.orm
          .update(servicePrices)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(servicePrices.service, service))
          .returning();
        if (updated.length === 0) throw new Error(`服务不存在：${service}`);
        const p = updated[0];
        console.log(`已更新 ${p.service}：每 ${p.unitChars} 字 ${yuan(p.unitFen)} 元，最低 ${yuan(p.minFen)} 元`);
        const warning = offlineNotLower(await db.orm.select().from(servicePrices));
        if (warning) console.log(warning);
      }),
    );
}

/** The offline engine is sold below the model modes; a price table where it is not gets a warning. */
export function offlineNotLower(rows: ServicePrice[]): string | null {
  const offline = rows.find((r) => r.service === OFFLINE_REWRITE_SERVICE);
  if (!offline) return null;
  const costs = (r: ServicePrice) => computePrice(r, 10_000);
  const above = rows.filter((r) => MODEL_REWRITE_SERVICES.includes(r.service) && costs(r) <= costs(offline));
  return above.length === 0 ? null : `注意：离线引擎改写（${OFFLINE_REWRITE_SERVICE}）1 万字的价格不低于 ${above.map((r) => r.service).join('、')}，离线引擎应比大模型改写便宜`;
}

function positive(n: number): number {
  if (n <= 0) throw new Error('必须大于 0');
  return n;
}

function yes(value: string): boolean {
  if (['yes', 'true', '1', '是'].includes(value)) return true;
  if (['no', 'false', '0', '否'].includes(value)) return false;
  throw new Error(`--active 应为 yes 或 no：${value}`);
}
