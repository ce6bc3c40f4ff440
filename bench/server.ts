import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited } from '../server/test/process';

// The real server as the benches run it: server/server.ts in production mode on 127.0.0.1, its data in a
// temporary folder, no built web app, warnings only, its output going to the bench's.
const root = fileURLToPath(new URL('..', import.meta.url));

/** The server's environment, `extra` added; the embedded database unless `extra` names a DATABASE_URL. */
export function benchServerEnv(port: number, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(dataDir, 'no-spa'),
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Starts the server; says so if it ends other than by stopBenchServer. */
export function startBenchServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`server exited: ${code ?? signal}`);
  });
  return child;
}

/** SIGTERM; resolves once the server has exited. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
}
