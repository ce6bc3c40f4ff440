import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { DrizzleQueryError } from 'drizzle-orm';
import { safeError } from './safe-error';

// `npm run cli -- <command>`. Every function a server/cli/<area>.ts exports under a name starting with
// `register` (register, registerCorpusCommands ...) receives the program and adds its commands, so new
// areas plug in by adding a file.
const program = new Command('moyan')
  .description('墨研 管理命令（数据库由 DATABASE_URL 或 DATA_DIR 决定）')
  .showHelpAfterError();

const dir = fileURLToPath(new URL('./cli/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(dir + file).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (name.startsWith('register') && typeof value === 'function') (value as (p: Command) => void)(program);
  }
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A failed query's message carries its parameters (a whole document during an import): say what failed instead.
  const message =
    error instanceof DrizzleQueryError
      ? `数据库操作失败（${safeError(error).cause?.message ?? '未知原因'}）`
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`错误：${message}`);
  process.exitCode = 1;
}
