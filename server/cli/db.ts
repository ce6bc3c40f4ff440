import type { Command } from 'commander';
import { withDatabase } from './with-database';

export function register(program: Command): void {
  const db = program.command('db').description('数据库');
  db.command('migrate')
    .description('应用全部迁移（服务启动时也会自动执行）')
    .action(() =>
      withDatabase(async ({ db: database }) => {
        const [row] = await database.sql<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        console.log(`数据库（${database.engine}）已是最新：共 ${row.n} 个迁移`);
      }),
    );
}
