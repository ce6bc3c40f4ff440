import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, freePort, spawnScript, type Spawned, stopProcess, waitForHealth } from './test/process';

// What an operator sees when the server cannot start: one line in Chinese saying why and what to do, no
// stack, exit code 1. Each case starts the real server/server.ts as a process.

const SANDBOX_REFUSAL =
  '生产环境（NODE_ENV=production）不能开启沙箱支付（PAYMENT_SANDBOX=on）：任何人拿到支付链接都能不付款为账户充值。确需开启，请同时设置 PAYMENT_SANDBOX_IN_PRODUCTION=yes-i-understand';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'moyan-refusal-'));
  dirs.push(dir);
  return dir;
};

function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra };
  delete base.DATABASE_URL;
  for (const key of Object.keys(base)) if (key.startsWith('LLM_')) delete base[key];
  return base;
}

/** The process ends by itself: its exit code and every line it wrote. */
async function refusal(spawned: Spawned): Promise<{ code: number | null; lines: string[] }> {
  const code = await exited(spawned.proc);
  return { code, lines: spawned.output().trim().split('\n') };
}

// A tmpfs mounted read-only in a mount namespace of the server's own (unshare: no privilege needed, nothing
// left mounted), over `dir`; with `existing`, a data directory made before the mount turns read-only.
const readOnlyMount = (existing: boolean) => [
  'unshare',
  '--map-root-user',
  '--mount',
  'sh',
  '-c',
  `mount -t tmpfs tmpfs "$RO_DIR" && ${existing ? 'mkdir -p "$RO_DIR/data/pglite" && ' : ''}mount -o remount,ro "$RO_DIR" && exec "$@"`,
  'sh',
];

describe('start-up refusals', () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses NODE_ENV=production with PAYMENT_SANDBOX=on and no explicit consent', async () => {
    const spawned = spawnScript('server/server.ts', env(scratch(), { NODE_ENV: 'production', PAYMENT_SANDBOX: 'on', PORT: String(await freePort()) }));
    expect(await refusal(spawned)).toEqual({ code: 1, lines: [SANDBOX_REFUSAL] });
  });

  it.each([
    ['an existing data directory', true],
    ['a data directory still to be made', false],
  ])('refuses a read-only DATA_DIR (%s)', async (_case, existing) => {
    const mount = scratch();
    const dataDir = existing ? join(mount, 'data') : join(mount, 'new', 'data');
    const spawned = spawnScript('server/server.ts', { ...env(dataDir, { PORT: String(await freePort()) }), RO_DIR: mount }, { launcher: readOnlyMount(existing) });
    expect(await refusal(spawned)).toEqual({
      code: 1,
      lines: [`数据目录 ${dataDir} 所在的文件系统是只读的，无法保存数据；请把 DATA_DIR 指向可写的目录`],
    });
  });

  describe('with a production server running with the sandbox on by consent', () => {
    let first: Spawned;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = scratch();
      const port = await freePort();
      first = spawnScript(
        'server/server.ts',
        env(dataDir, { NODE_ENV: 'production', PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_IN_PRODUCTION: 'yes-i-understand', PORT: String(port), STATIC_DIR: join(dataDir, 'no-spa') }),
      );
      await waitForHealth(`http://127.0.0.1:${port}`, first.proc, first.output, 180_000);
    }, 200_000);
    afterAll(async () => {
      await stopProcess(first.proc);
    });

    it('starts it, and says at start that the sandbox is on', () => {
      const warnings = first
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":40') && line.includes('沙箱支付在生产环境中开启'));
      expect(warnings).toHaveLength(1);
    });

    it('refuses a second server on the same DATA_DIR in one line', async () => {
      const second = spawnScript('server/server.ts', env(dataDir, { PORT: String(await freePort()) }));
      const { code, lines } = await refusal(second);
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `数据目录 ${join(dataDir, 'pglite')} 正被进程 ${first.proc.pid} 使用，且没有可连接的本地套接字；请先停止该进程，或改用其他 DATA_DIR`,
      );
    });
  });
});
