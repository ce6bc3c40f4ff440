import type { Command } from 'commander';
import { createUser } from '../services/accounts/users';
import { withDatabase } from './with-database';

export function register(program: Command): void {
  const user = program.command('user').description('用户');
  user
    .command('create')
    .description('创建用户名密码账号')
    .requiredOption('--username <username>', '用户名（3-32 位字母、数字、下划线、点或连字符）')
    .requiredOption('--password <password>', '密码（8-72 位）')
    .option('--phone <phone>', '手机号（可用于登录）')
    .action((options: { username: string; password: string; phone?: string }) =>
      withDatabase(async (deps) => {
        const created = await createUser(deps, options);
        console.log(`已创建用户 ${created.username}（id ${created.id}）`);
      }),
    );
}
