import { type Command, InvalidArgumentError } from 'commander';
import type { Deps } from '../context';
import type { User } from '../db/schema/users';
import { adjustBalance } from '../services/billing/adjustments';
import { type FreeCheckState, listUsers, resetPassword } from '../services/accounts/operator';
import { createUser, findUserByLoginName } from '../services/accounts/users';
import { withDatabase, yuan } from './with-database';

const FREE_CHECK_LABELS: Record<FreeCheckState, string> = {
  none: '—',
  available: '可用',
  used: '已使用',
  device: '未赠送（设备当日已领）',
  address: '未赠送（网络当日已满）',
};

export function register(program: Command): void {
  const user = program.command('user').description('用户');
  user
    .command('create')
    .description('创建用户名密码账号')
    .requiredOption('--username <username>', '用户名（3-32 位字母、数字、下划线、点或连字符）')
    .requiredOption('--password <password>', '密码（8-72 位，不能是常见或过于简单的密码）')
    .option('--phone <phone>', '手机号（可用于登录）')
    .action((options: { username: string; password: string; phone?: string }) =>
      withDatabase(async (deps) => {
        const created = await createUser(deps, options);
        console.log(`已创建用户 ${created.username}（id ${created.id}）`);
      }),
    );

  user
    .command('list')
    .description('列出用户（最新在前）：手机号、注册时间、余额、首次免费查重')
    .option('--limit <n>', '最多条数', '100')
    .option('--json', '输出 JSON')
    .action((options: { limit: string; json?: boolean }) =>
      withDatabase(async (deps) => {
        const { total, users } = await listUsers(deps, Math.max(1, Math.min(10_000, Number(options.limit) || 100)));
        if (options.json) {
          console.log(JSON.stringify({ total, users }, null, 2));
          return;
        }
        if (users.length === 0) {
          console.log('没有用户');
          return;
        }
        console.table(
          users.map((u) => ({
            用户名: u.username,
            手机号: u.phone ?? '',
            注册时间: u.createdAt,
            余额: yuan(u.balanceFen),
            首次免费查重: FREE_CHECK_LABELS[u.freeCheck],
          })),
        );
        if (total > users.length) console.log(`共 ${total} 个用户，只列出最新的 ${users.length} 个（--limit）`);
      }),
    );

  user
    .command('credit')
    .description('调整余额：正数为赠送，负数为扣减（不能扣成负数），记入账户流水')
    .requiredOption('--username <username>', '用户名或手机号')
    .requiredOption('--fen <n>', '金额（分），如 500 或 -500', signedFen)
    .requiredOption('--reason <text>', '原因（写入流水，用户可见）')
    .action((options: { username: string; fen: number; reason: string }) =>
      withDatabase(async (deps) => {
        const account = await accountNamed(deps, options.username);
        const { balanceFen } = await adjustBalance(deps.db, { userId: account.id, amountFen: options.fen, reason: options.reason });
        const verb = options.fen > 0 ? '赠送' : '扣减';
        console.log(`已为 ${account.username} ${verb} ${yuan(Math.abs(options.fen))} 元，当前余额 ${yuan(balanceFen)} 元`);
      }),
    );

  user
    .command('reset-password')
    .description('重置密码（不指定则生成强密码并打印），并使该用户已登录的设备全部下线')
    .requiredOption('--username <username>', '用户名或手机号')
    .option('--password <password>', '新密码（8-72 位）')
    .action((options: { username: string; password?: string }) =>
      withDatabase(async (deps) => {
        const account = await accountNamed(deps, options.username);
        const password = await resetPassword(deps, account, options.password);
        console.log(`已重置 ${account.username} 的密码，原有登录已全部失效`);
        if (!options.password) console.log(`新密码：${password}`);
      }),
    );
}

async function accountNamed(deps: Deps, name: string): Promise<User> {
  const account = await findUserByLoginName(deps, name.trim());
  if (!account) throw new Error(`用户不存在：${name}`);
  return account;
}

function signedFen(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n === 0) {
    throw new InvalidArgumentError(`不是有效的金额（分，非零整数）：${value}`);
  }
  return n;
}
