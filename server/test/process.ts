// Helpers for tests and tools that run the real server (or worker) as a child process
// (the restart, CLI-while-serving and crash-safety tests, the e2e harness, the HTTP benchmark).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Spawned {
  proc: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * `node --import tsx <script>` (server/server.ts, server/worker.ts) from the repository root; its output kept for
 * `output()`, or with `inheritOutput` written straight to this process's (the benches), `output()` then empty.
 * `launcher`: a command the node process is started through (it gets node and its arguments last).
 */
export function spawnScript(
  script: string,
  env: NodeJS.ProcessEnv,
  { inheritOutput = false, launcher = [] as string[] } = {},
): Spawned {
  const [command, ...args] = [...launcher, process.execPath, '--import', 'tsx', script];
  return spawnCommand(command, args, { env, inheritOutput });
}

/** Any program from the repository root (nginx in front of the API processes), its output kept as spawnScript's. */
export function spawnCommand(
  command: string,
  args: string[],
  { env = process.env, inheritOutput = false }: { env?: NodeJS.ProcessEnv; inheritOutput?: boolean } = {},
): Spawned {
  const proc = spawn(command, args, { cwd: root, env, stdio: inheritOutput ? ['ignore', 'inherit', 'inherit'] : 'pipe' });
  let output = '';
  proc.stdout?.on('data', (chunk) => (output += chunk));
  proc.stderr?.on('data', (chunk) => (output += chunk));
  return { proc, output: () => output };
}

/** Sends `signal` unless the process has already ended; resolves once it has. */
export async function stopProcess(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill(signal);
  await exited(proc);
}

/** SIGKILL, as a crash or the OOM killer would; resolves once the process is gone. */
export async function sigkill(spawned: Spawned | undefined): Promise<void> {
  if (spawned) await stopProcess(spawned.proc, 'SIGKILL');
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('没有空闲端口'))));
    });
  });
}

/** Resolves with the exit code once the process has ended (at once if it already has). */
export function exited(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

/** Polls GET /api/health until it answers; fails early, with the server's output, if the process ends first. */
export async function waitForHealth(
  baseUrl: string,
  proc: ChildProcess,
  output: () => string = () => '',
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`服务器提前退出（${proc.exitCode}）：\n${output()}`);
    const ready = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`服务器 ${timeoutMs / 1000} 秒内没有就绪：\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
