import type { Command } from 'commander';
import { restoreBackup, writeBackup } from '../db/backup';
import { type Config, loadConfig } from '../config';
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
  db.command('backup <file>')
    .description('把内置数据库备份到文件（服务运行时也可执行，结果一致）；PostgreSQL 请用 pg_dump')
    .action((file: string) => {
      refusePostgres('pg_dump');
      return withDatabase(async ({ db: database }) => {
        const done = await writeBackup(database, file);
        console.log(`已备份到 ${file}：${done.tables} 张表，${done.rows} 行，${done.migrations} 个迁移`);
        console.log('上传的原文件在 DATA_DIR/files，请一并复制（见 docs/operations.md）');
      });
    });
  db.command('restore <file>')
    .description('从 db backup 生成的文件恢复内置数据库（须先停止服务）')
    .option('--force', '数据目录已有数据库时替换它（原数据库移到一旁保留）')
    .action(async (file: string, options: { force?: boolean }) => {
      const { DATA_DIR } = refusePostgres('pg_restore');
      const done = await restoreBackup(file, DATA_DIR, { force: options.force });
      console.log(`已从 ${file} 恢复到 ${DATA_DIR}：${done.tables} 张表，${done.rows} 行`);
      if (done.setAside) console.log(`原数据库已移到 ${done.setAside}`);
    });
}

/** The configuration, when it names the embedded database (PostgreSQL has its own tools). */
function refusePostgres(tool: string): Config {
  const config = loadConfig();
  if (config.DATABASE_URL) throw new Error(`DATABASE_URL 指向 PostgreSQL：请用 ${tool} 备份与恢复（见 docs/operations.md）`);
  return config;
}
