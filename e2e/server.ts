// The real-server e2e harness: the production SPA (mocks off) served with the API by the real server
// process (server/server.ts) on a free port, with a temporary DATA_DIR (embedded database).
//
//   const server = await startRealServer({ users: [{ username: 'e2e_user', password: 'Moyan2026!' }] });
//   await page.goto(`${server.url}/`);                    // drive it in the browser
//   const { token } = await server.register('other', 'Moyan2026!');   // more users while it runs
//   await server.api('POST', '/api/order/order_info_api/query_list', { token });  // set-up calls
//   await server.stop();                                  // stops the process, deletes the DATA_DIR
//
// With `fakeLlm: true` the fake model (server/test/fake-llm.ts) runs in this process and the server's LLM_BASE_URL
// points at it, so chat answers stream for real; `server.fakeLlm.script('slow=80')` scripts its next answer.
// With `fakePay: true` the fake WeChat Pay and Alipay (server/test/fake-pay) run here too, configured as the
// server's (and its CLI's) channels, calling the server back: `server.fakePay.wechat.pay(orderNo)` pays.
// With `fakeWechatLogin: true` the fake WeChat OAuth server (server/test/fake-wechat-login.ts) runs here and the
// server signs in with WeChat instead of the local QR code: its overlay frames the fake's QR page.
//
// The SPA is built once per process, whichever server asks first. `users` are created with
// `npm run cli -- user create` before the server starts; `register` uses the API; `cli` runs an operator
// command while the server runs (through its database socket). The server's output is kept and shown
// when it fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../server/test/fake-llm';
import { type FakePay, startFakePay } from '../server/test/fake-pay';
import { type FakeWechatLogin, startFakeWechatLogin } from '../server/test/fake-wechat-login';
import { freePort, spawnScript, stopProcess, waitForHealth } from '../server/test/process';

export type RealUser = { username: string; password: string };

export type ApiOptions = { query?: Record<string, string>; body?: unknown; token?: string };

export type RealServer = {
  url: string;
  dataDir: string;
  /** Registers a password account through the API; the token is already signed in. */
  register: (username: string, password: string) => Promise<{ token: string }>;
  /** An operator command (`npm run cli -- …`) while the server runs; resolves to what it printed. */
  cli: (args: string[]) => Promise<string>;
  /** One API call; resolves to the envelope's `result`, rejects with the error envelope. */
  api: <T = unknown>(method: 'GET' | 'POST', path: string, options?: ApiOptions) => Promise<T>;
  /** The server's output so far, for failure reports. */
  output: () => string;
  /** The fake model the server asks, when started with `fakeLlm`. */
  fakeLlm?: FakeLlm;
  /** The fake payment providers, when started with `fakePay`. */
  fakePay?: FakePay;
  /** The fake WeChat sign-in, when started with `fakeWechatLogin`. */
  fakeWechatLogin?: FakeWechatLogin;
  stop: () => Promise<void>;
};

export type StartOptions = {
  users?: RealUser[];
  /** Extra environment for the server process (rate limits, TTLs ...). */
  env?: Record<string, string>;
  /** Start the fake model and configure the server with it (chat available). */
  fakeLlm?: boolean;
  /** Start the fake WeChat Pay and Alipay and configure the server with them (PAYMENT_SYNC_SECONDS 2). */
  fakePay?: boolean;
  /** Start the fake WeChat OAuth server and sign in with WeChat (its QR page replaces the local QR code). */
  fakeWechatLogin?: boolean;
};

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const START_TIMEOUT_MS = 60_000;

let spaBuild: Promise<string> | undefined;

/** The production build (`npm start`'s), once per process, into a folder removed at exit. */
function buildRealSpa(): Promise<string> {
  spaBuild ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'moyan-e2e-real-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', VITE_MOCK: 'off' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return outDir;
  })();
  return spaBuild;
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // The purchase flows pay through 沙箱支付, which the operator must switch on (loopback development would anyway).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PAYMENT_SANDBOX: 'on',
    DATA_DIR: dataDir,
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.VITE_MOCK;
  // No e2e run reaches a real model provider: only the fake one, when asked for (`extra`).
  for (const key of Object.keys(env)) if (key.startsWith('LLM_') && !(key in extra)) delete env[key];
  return env;
}

/** `npm run cli -- …` against the DATA_DIR (through the running server's socket once it holds the database). */
async function runCli(dataDir: string, args: string[], extra: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: root,
    env: serverEnv(dataDir, { LOG_LEVEL: 'warn', ...extra }),
  });
  return stdout;
}

export async function startRealServer(options: StartOptions = {}): Promise<RealServer> {
  const staticDir = await buildRealSpa();
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-e2e-data-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    for (const user of options.users ?? []) await runCli(dataDir, ['user', 'create', '--username', user.username, '--password', user.password]);
  } catch (error) {
    remove();
    throw error;
  }

  const fakeLlm = options.fakeLlm ? await startFakeLlm() : undefined;
  const modelEnv: Record<string, string> = fakeLlm ? { LLM_BASE_URL: fakeLlm.url, LLM_MODEL: FAKE_MODEL } : {};
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fakePay = options.fakePay ? await startFakePay() : undefined;
  const payEnv: Record<string, string> = fakePay ? { ...fakePay.env, PUBLIC_BASE_URL: url, PAYMENT_SYNC_SECONDS: '2' } : {};
  const fakeWechatLogin = options.fakeWechatLogin ? await startFakeWechatLogin() : undefined;
  const wechatEnv: Record<string, string> = fakeWechatLogin ? { ...fakeWechatLogin.env, PUBLIC_BASE_URL: url } : {};
  const env = serverEnv(dataDir, { PORT: String(port), STATIC_DIR: staticDir, LOG_LEVEL: 'warn', ...modelEnv, ...payEnv, ...wechatEnv, ...options.env });
  const { proc, output } = spawnScript('server/server.ts', env);

  const stop = async () => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await stopProcess(proc);
    clearTimeout(timer);
    await fakeLlm?.close();
    await fakePay?.close();
    await fakeWechatLogin?.close();
    remove();
  };

  try {
    await waitForHealth(url, proc, output, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }

  const api = async <T>(method: 'GET' | 'POST', path: string, { query, body, token }: ApiOptions = {}): Promise<T> => {
    const target = new URL(path, url);
    for (const [key, value] of Object.entries(query ?? {})) target.searchParams.set(key, value);
    const response = await fetch(target, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { success: boolean; result: T; error?: { code: string; message: string } };
    if (!envelope.success) throw new Error(`${method} ${path}：${response.status} ${JSON.stringify(envelope.error)}`);
    return envelope.result;
  };

  const register = async (username: string, password: string) => {
    const result = await api<{ access_token: string }>('POST', '/api/base/login_api/f/register', { body: { username, password } });
    return { token: result.access_token };
  };

  return { url, dataDir, register, cli: (args) => runCli(dataDir, args, payEnv), api, output, fakeLlm, fakePay, fakeWechatLogin, stop };
}
