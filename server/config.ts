import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { StartupRefusal } from './process/refusal';

// Every variable with its default is documented in .env.example.
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');
const onOff = z.enum(['on', 'off']).transform((v) => v === 'on');
const modelName = z.string().trim().min(1).max(200);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_BASE_URL: z.url().optional(),
  // Prometheus metrics on a port of their own (off unless set), on METRICS_HOST.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  // A streaming replica of DATABASE_URL for the reference library's lookups, and how long a check waits for it to catch up.
  LIBRARY_READ_DATABASE_URL: z.string().min(1).optional(),
  LIBRARY_READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  STATIC_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  VALIDATE_RESPONSES: flag.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(4 * 1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(30 * 24 * 3600),
  // How long a process trusts a token it looked up (0 = ask the database on every call); at most 1 s, the
  // time a revocation made elsewhere (another process, the CLI) may take to reach it.
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  QR_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOGIN_MAX_DELAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  FREE_CHECKS_PER_DEVICE_PER_DAY: z.coerce.number().int().min(0).max(1000).default(1),
  FREE_CHECKS_PER_IP_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(3),
  FREE_REDUCTIONS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(20),
  FREE_OUTLINES_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(10),
  FREE_PPT_DRAFTS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(10),
  FREE_RELOADS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(30),
  FREE_USES_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(100_000).default(5),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  SIGNUPS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  POLL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  WORKBENCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  ORDER_TTL_MINUTES: z.coerce.number().int().min(1).default(30),
  MAX_PENDING_ORDERS: z.coerce.number().int().min(1).default(10),
  PAYMENT_SECRET: z.string().min(32).optional(),
  PAYMENT_SANDBOX: onOff.optional(),
  // How often pending WeChat Pay / Alipay orders are asked about at the provider, and how long one provider call may take.
  PAYMENT_SYNC_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  WECHATPAY_MCH_ID: z.string().trim().min(1).max(32).optional(),
  WECHATPAY_APP_ID: z.string().trim().min(1).max(32).optional(),
  WECHATPAY_MCH_SERIAL_NO: z.string().trim().min(1).max(64).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().trim().min(1).max(64).optional(),
  WECHATPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().trim().min(1).max(32).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
  // WeChat sign-in (开放平台 网站应用, snsapi_login): the app's id and a file holding its AppSecret.
  WECHAT_LOGIN_APP_ID: z.string().trim().min(1).max(32).optional(),
  WECHAT_LOGIN_APP_SECRET_FILE: z.string().min(1).optional(),
  WECHAT_OPEN_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://open.weixin.qq.com'),
  WECHAT_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  PAYMENT_SANDBOX_IN_PRODUCTION: z.string().optional(),
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  JOBS_IN_PROCESS: flag.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  WORKER_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  WORKER_MODEL_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(2),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).default(60),
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).default(() => Math.max(2, availableParallelism())),
  WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  LIBRARY_SMALL_DOCUMENTS: z.coerce.number().int().min(0).default(1000),
  LIBRARY_COMMON_DOCUMENTS: z.coerce.number().int().min(1).default(500),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().min(1).max(4096).optional(),
  LLM_MODEL: modelName.optional(),
  LLM_MODEL_CHAT: modelName.optional(),
  LLM_MODEL_REWRITE: modelName.optional(),
  LLM_MODEL_WRITING: modelName.optional(),
  LLM_MODEL_SLIDES: modelName.optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  LLM_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  LLM_ACCOUNT_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  LLM_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(6000).max(1_000_000).default(8000),
  CHAT_MAX_ANSWER_TOKENS: z.coerce.number().int().min(16).max(100_000).default(4096),
  CHAT_MAX_ANSWER_CHARS: z.coerce.number().int().min(100).max(20_000).default(8000),
  PACT_PROVIDER_STATES: onOff.default(false),
});

type Raw = z.infer<typeof schema>;

export type Config = Omit<Raw, 'VALIDATE_RESPONSES' | 'PAYMENT_SANDBOX'> & {
  /** The configured public address without a trailing slash; unset: derived per request (http/public-url.ts). */
  PUBLIC_BASE_URL: string | undefined;
  VALIDATE_RESPONSES: boolean;
  /** Whether the 沙箱支付 channel takes orders and confirms payments. */
  PAYMENT_SANDBOX: boolean;
};

/** What PAYMENT_SANDBOX_IN_PRODUCTION must say for a production server to open the sandbox channel. */
export const SANDBOX_IN_PRODUCTION_CONSENT = 'yes-i-understand';

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new StartupRefusal(`Invalid environment:\n${problems}`);
  }
  const raw = parsed.data;
  checkModelSettings(raw);
  if (raw.LIBRARY_READ_DATABASE_URL && !raw.DATABASE_URL) {
    throw new StartupRefusal('Invalid environment:\n  LIBRARY_READ_DATABASE_URL: a replica of DATABASE_URL; required with it: set DATABASE_URL (PostgreSQL)');
  }
  checkPaymentSettings(raw);
  if (raw.PACT_PROVIDER_STATES && raw.NODE_ENV === 'production') {
    // The state-setup endpoint writes accounts and tokens for anyone who calls it.
    throw new StartupRefusal('Invalid environment:\n  PACT_PROVIDER_STATES: must stay off when NODE_ENV=production');
  }
  if (raw.PAYMENT_SANDBOX && raw.NODE_ENV === 'production' && raw.PAYMENT_SANDBOX_IN_PRODUCTION !== SANDBOX_IN_PRODUCTION_CONSENT) {
    // Anyone holding a sandbox pay link credits an account without paying.
    throw new StartupRefusal(
      `生产环境（NODE_ENV=production）不能开启沙箱支付（PAYMENT_SANDBOX=on）：任何人拿到支付链接都能不付款为账户充值。确需开启，请同时设置 PAYMENT_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_CONSENT}`,
    );
  }
  return {
    ...raw,
    PUBLIC_BASE_URL: raw.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    VALIDATE_RESPONSES: raw.VALIDATE_RESPONSES ?? raw.NODE_ENV !== 'production',
    PAYMENT_SANDBOX: raw.PAYMENT_SANDBOX ?? (raw.NODE_ENV !== 'production' && isLoopback(raw.HOST)),
  };
}

// A half-configured model endpoint is a mistake to report at start, not a feature that fails on first use.
function checkModelSettings(raw: Raw): void {
  const models = [raw.LLM_MODEL, raw.LLM_MODEL_CHAT, raw.LLM_MODEL_REWRITE, raw.LLM_MODEL_WRITING, raw.LLM_MODEL_SLIDES];
  const named = models.some((m) => m !== undefined);
  if (raw.LLM_BASE_URL && !named) {
    throw new StartupRefusal('Invalid environment:\n  LLM_MODEL: required when LLM_BASE_URL is set (or LLM_MODEL_CHAT etc. per feature)');
  }
  if (!raw.LLM_BASE_URL && (named || raw.LLM_API_KEY)) {
    throw new StartupRefusal('Invalid environment:\n  LLM_BASE_URL: required when LLM_MODEL or LLM_API_KEY is set');
  }
}

// Anyone holding a sandbox pay link can confirm it, so by default the sandbox is only open on a
// development server that no other machine can reach.
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** openDatabase's options for the configured database: DATABASE_URL, or DATA_DIR, and the library's read replica. */
export function databaseOptions(config: Config) {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    libraryReadUrl: config.LIBRARY_READ_DATABASE_URL,
    libraryReadWaitMs: config.LIBRARY_READ_WAIT_MS,
  };
}

export const WECHATPAY_SETTINGS = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_MCH_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
] as const;
export const ALIPAY_SETTINGS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;
export const WECHAT_LOGIN_SETTINGS = ['WECHAT_LOGIN_APP_ID', 'WECHAT_LOGIN_APP_SECRET_FILE'] as const;

// A channel (or WeChat sign-in) is either fully configured or not at all: half a merchant account is a mistake
// to report at start, not a button that fails. The providers call back PUBLIC_BASE_URL, so it must be known.
function checkPaymentSettings(raw: Raw): void {
  const problems: string[] = [];
  const groups = [
    [WECHATPAY_SETTINGS, 'the payment notification address'],
    [ALIPAY_SETTINGS, 'the payment notification address'],
    [WECHAT_LOGIN_SETTINGS, 'the sign-in callback address'],
  ] as const;
  for (const [names, callback] of groups) {
    const missing = names.filter((name) => raw[name] === undefined);
    if (missing.length > 0 && missing.length < names.length) {
      problems.push(`  ${missing.join(', ')}: required with ${names.filter((n) => !(missing as string[]).includes(n)).join(', ')}`);
    }
    if (missing.length === 0 && !raw.PUBLIC_BASE_URL) {
      problems.push(`  PUBLIC_BASE_URL: required with ${names[0]} (${callback})`);
    }
  }
  if (problems.length > 0) throw new StartupRefusal(`Invalid environment:\n${problems.join('\n')}`);
}

function blankToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}
