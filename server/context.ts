import type { Compute } from './compute';
import type { Config } from './config';
import type { Executor } from './db/client';
import type { AnswerCache } from './http/answer-cache';
import type { Runtime } from './runtime';
import type { PaymentProviders } from './services/payments/providers';
import type { QrLoginProvider } from './services/qr-login/provider';
import type { WechatQrProvider } from './services/qr-login/wechat/provider';
import type { ServiceName } from './services/system/capabilities';

/** What a service needs: a database (or an open transaction), the configuration, the clock and the engines. */
export interface Deps {
  db: Executor;
  config: Config;
  now(): Date;
  compute: Compute;
}

/** What the app hands every handler: the process's runtime and what only the API has. */
export interface AppContext extends Runtime {
  /** Wakes the in-process job runner after a task was queued; a no-op when jobs run elsewhere. */
  wakeJobs(): void;
  payments: PaymentProviders;
  qrLogin: QrLoginProvider;
  /** WeChat sign-in when WECHAT_LOGIN_* is set (then also qrLogin); null otherwise. */
  wechatLogin: WechatQrProvider | null;
  /** Services whose handlers do real work (no 501 placeholder left); see services/system/capabilities. */
  builtServices: ReadonlySet<ServiceName>;
  /** Big answers kept serialised (http/answer-cache.ts). */
  answers: AnswerCache;
}

export function withDb(deps: Deps, db: Executor): Deps {
  return { db, config: deps.config, now: deps.now, compute: deps.compute };
}
