import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { spawnScript } from '../server/test/process';

// The real server as the benches run it: server/server.ts in production mode on 127.0.0.1, its data in a
// temporary folder, no built web app, warnings only, its output going to the bench's. Stop it with
// server/test/process.ts stopProcess.

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

/** Starts the server; says so if it ends other than by a SIGTERM. */
export function startBenchServer(env: NodeJS.ProcessEnv): ChildProcess {
  const { proc } = spawnScript('server/server.ts', env, { inheritOutput: true });
  proc.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`server exited: ${code ?? signal}`);
  });
  return proc;
}
