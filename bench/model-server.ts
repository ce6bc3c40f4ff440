// The real server for the model benches (llm, writing): server/server.ts with NODE_ENV=production and a fresh
// embedded PGlite, pointed at the fake model (server/test/fake-llm.ts) running in the bench's own process, so
// the model's and the client's timestamps come from one clock; a user (and any others) created and credited
// with the CLI, signed in. No DATABASE_URL, key or per-feature model from the environment reaches it.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../server/test/fake-llm';
import { freePort, stopProcess, waitForHealth } from '../server/test/process';
import { benchServerEnv, startBenchServer } from './server';

export const root = fileURLToPath(new URL('..', import.meta.url));

export interface ModelServer {
  base: string;
  fake: FakeLlm;
  /** The signed-in user's token. */
  token: string;
  /** The tokens of the other users, in the order given. */
  others: string[];
  /** The server process's user + system CPU time so far (Linux /proc), in ms. */
  cpuMs(): number;
  close(): Promise<void>;
}

type User = { username: string; password: string };

/**
 * Starts the fake model and the server (`env` added to the defaults), and signs `user` (and `others`) in;
 * `library` files are imported into the 比对库 first.
 */
export async function startModelServer(
  name: string,
  user: User,
  env: Record<string, string>,
  { others = [], library = [] }: { others?: User[]; library?: string[] } = {},
): Promise<ModelServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `moyan-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const fake = await startFakeLlm();
  const serverEnv = benchServerEnv(port, dataDir, { LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, ...env });
  for (const key of ['LLM_API_KEY', 'LLM_MODEL_CHAT', 'LLM_MODEL_REWRITE', 'LLM_MODEL_WRITING', 'LLM_MODEL_SLIDES']) delete serverEnv[key];
  const cli = (...command: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...command], { cwd: root, env: serverEnv, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`cli ${command.join(' ')} failed`);
  };

  let server: ChildProcess | undefined;
  const close = async () => {
    if (server) await stopProcess(server);
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (library.length > 0) cli('corpus', 'import', ...library);
    for (const { username, password } of [user, ...others]) {
      cli('user', 'create', '--username', username, '--password', password);
      cli('user', 'credit', '--username', username, '--fen', '10000000', '--reason', 'bench');
    }
    server = startBenchServer(serverEnv);
    await waitForHealth(base, server, undefined, 180_000);
    const token = await login(base, user);
    const otherTokens = await Promise.all(others.map((other) => login(base, other)));
    const pid = server.pid;
    return { base, fake, token, others: otherTokens, cpuMs: () => processCpuMs(pid), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function login(base: string, user: { username: string; password: string }): Promise<string> {
  const url = new URL('/api/base/login_api/f/login', base);
  url.searchParams.set('username', user.username);
  url.searchParams.set('password', user.password);
  const response = await fetch(url, { method: 'POST' });
  const json = (await response.json()) as { result?: { access_token: string } };
  if (!json.result) throw new Error(`login: ${response.status}`);
  return json.result.access_token;
}

function processCpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
