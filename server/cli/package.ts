import type { Command } from 'commander';
import { asc, eq } from 'drizzle-orm';
import { packages, servicePrices } from '../db/schema/packages';
import { fen, withDatabase, yuan } from './with-database';

interface PackageOptions {
  priceFen?: string;
  originalPriceFen?: string;
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
        console.table(
          rows.map((p) => ({
            id: p.id,
            名称: p.name,
            类型: p.type,
            价格: yuan(p.priceFen),
            原价: yuan(p.originalPriceFen),
            到账: yuan(p.creditFen),
            上架: p.active ? '是' : '否',
          })),
        );
      }),
    );
  pkg
    .command('set <id>')
    .description('修改套餐')
    .option('--price-fen <n>', '售价（分）')
    .option('--original-price-fen <n>', '原价（分）')
    .option('--credit-fen <n>', '支付后到账余额（分）')
    .option('--name <name>', '名称')
    .option('--description <text>', '说明')
    .option('--active <yes|no>', '是否上架')
    .action((id: string, options: PackageOptions) =>
      withDatabase(async ({ db }) => {
        const changes = {
          ...(options.priceFen !== undefined && { priceFen: positive(fen(options.priceFen)) }),
          ...(options.originalPriceFen !== undefined && { originalPriceFen: fen(options.originalPriceFen) }),
          ...(options.creditFen !== undefined && { creditFen: fen(options.creditFen) }),
          ...(options.name !== undefined && { name: options.name }),
          ...(options.description !== undefined && { description: options.description }),
          ...(options.active !== undefined && { active: yes(options.active) }),
        };
        if (Object.keys(changes).length === 0) throw new Error('没有要修改的内容，请至少给出一个选项');
        const updated = await db.orm
          .update(packages)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(packages.id, id))
          .returning();
        if (updated.length === 0) throw new Error(`套餐不存在：${id}`);
        const p = updated[0];
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
      }),
    );
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
