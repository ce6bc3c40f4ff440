import type { Command } from 'commander';
import { loadConfig } from '../config';
import {
  createLlmGateway,
  LLM_FEATURES,
  LlmError,
  type LlmFeature,
  type LlmSettings,
  listModels,
  llmSettings,
} from '../engines/llm';

const FEATURE_NAMES: Record<LlmFeature, string> = { chat: '对话', rewrite: '降重改写', writing: '论文写作', slides: 'PPT' };
const QUESTION = '请只回答一个数字：1+1 等于几？';

/** What `llm check` found for one configured model (the `--json` answer; a contract for operators). */
export interface ModelCheck {
  model: string;
  features: LlmFeature[];
  ok: boolean;
  /** From sending the request to the first piece of the answer, and to its end. */
  firstTokenMs: number | null;
  totalMs: number | null;
  /** Pieces the answer arrived in: more than one means the endpoint streams. */
  chunks: number;
  streaming: boolean | null;
  /** null when it could not be asked (the call failed). */
  logprobs: boolean | null;
  answer: string | null;
  usage: { promptTokens: number; completionTokens: number; source: 'api' | 'counted' } | null;
  error: { kind: string; status: number | null; message: string; hint: string; detail: string | null } | null;
}

export interface LlmCheck {
  configured: boolean;
  baseUrl: string | null;
  models: ModelCheck[];
  /** Why nothing could be checked (no endpoint configured). */
  reason: string | null;
}

/** Calls each distinct configured model once through the gateway (streamed), then asks whether it gives log-probabilities. */
export async function checkLlm(settings: LlmSettings): Promise<LlmCheck> {
  if (!settings.baseUrl) {
    return {
      configured: false,
      baseUrl: null,
      models: [],
      reason: '未配置大模型服务：请设置 LLM_BASE_URL 和 LLM_MODEL（示例见 .env.example 与 docs/llm.md）',
    };
  }
  // Retries would hide what the endpoint answers; a check reports it.
  const gateway = createLlmGateway({ ...settings, maxRetries: 0 });
  const byModel = new Map<string, LlmFeature[]>();
  for (const feature of LLM_FEATURES) {
    const model = gateway.model(feature);
    if (model) byModel.set(model, [...(byModel.get(model) ?? []), feature]);
  }
  const models: ModelCheck[] = [];
  for (const [model, features] of byModel) models.push(await checkModel(settings, gateway, model, features));
  return { configured: true, baseUrl: settings.baseUrl, models, reason: null };
}

async function checkModel(
  settings: LlmSettings,
  gateway: ReturnType<typeof createLlmGateway>,
  model: string,
  features: LlmFeature[],
): Promise<ModelCheck> {
  const feature = features[0];
  const result: ModelCheck = {
    model,
    features,
    ok: false,
    firstTokenMs: null,
    totalMs: null,
    chunks: 0,
    streaming: null,
    logprobs: null,
    answer: null,
    usage: null,
    error: null,
  };
  const started = performance.now();
  try {
    const call = gateway.stream({ feature, messages: [{ role: 'user', content: QUESTION }], maxTokens: 16, temperature: 0 });
    let answer = '';
    for await (const delta of call) {
      if (result.chunks === 0) result.firstTokenMs = Math.round(performance.now() - started);
      result.chunks++;
      answer += delta.content;
    }
    result.totalMs = Math.round(performance.now() - started);
    result.answer = answer;
    result.streaming = result.chunks > 1;
    result.usage = (await call.record).usage;
    result.ok = true;
  } catch (error) {
    result.error = await describe(error, settings, model);
    return result;
  }
  try {
    result.logprobs = await gateway.supportsLogprobs(feature);
  } catch {
    result.logprobs = null;
  }
  return result;
}

async function describe(error: unknown, settings: LlmSettings, model: string): Promise<NonNullable<ModelCheck['error']>> {
  if (!(error instanceof LlmError)) {
    return { kind: 'unknown', status: null, message: error instanceof Error ? error.message : String(error), hint: '', detail: null };
  }
  const base = { kind: error.kind, status: error.status ?? null, message: error.message, detail: error.detail ?? null };
  const url = settings.baseUrl ?? '';
  switch (error.kind) {
    case 'connection':
      return { ...base, hint: `连不上 ${url}：检查 LLM_BASE_URL 的地址和端口，以及服务是否在运行` };
    case 'dns':
      return { ...base, hint: `找不到主机 ${hostOf(url)}：检查 LLM_BASE_URL 的拼写和本机的网络/DNS` };
    case 'auth':
      return { ...base, hint: `服务拒绝了密钥（HTTP ${error.status ?? 401}）：检查 LLM_API_KEY 是否正确、是否有权使用模型 ${model}` };
    case 'not_found': {
      const available = await listModels(settings);
      if (available === undefined) {
        return { ...base, hint: `HTTP 404：检查 LLM_MODEL（${model}）是否正确，以及 LLM_BASE_URL 是否带上了接口路径（多为 /v1）` };
      }
      const shown = available.slice(0, 20).join('、') + (available.length > 20 ? ` 等 ${available.length} 个` : '');
      return {
        ...base,
        hint: available.includes(model)
          ? `HTTP 404：该服务列出了模型 ${model}，但拒绝了对话请求：检查 LLM_BASE_URL 的接口路径（多为 /v1）`
          : `该服务没有模型 ${model}：检查 LLM_MODEL。它提供的模型：${shown || '（无）'}`,
      };
    }
    case 'timeout':
      return { ...base, hint: '超时：服务没有在 LLM_FIRST_TOKEN_TIMEOUT_MS / LLM_TIMEOUT_MS 内回答（可用 --timeout-ms 放宽后重试）' };
    case 'rate_limited':
      return { ...base, hint: 'HTTP 429：服务限流或额度已用完，稍后再试或检查账户额度' };
    case 'upstream':
      return { ...base, hint: `服务出错（${error.status ? `HTTP ${error.status}` : '无状态码'}），稍后再试` };
    case 'bad_request':
      return { ...base, hint: `HTTP ${error.status ?? 400}：服务拒绝了请求格式，确认它是 OpenAI 兼容的 chat/completions 接口` };
    case 'bad_response':
      return { ...base, hint: '服务的回答不是 OpenAI 兼容的流式格式：确认 LLM_BASE_URL 指向 chat/completions 接口所在的路径' };
    default:
      return { ...base, hint: '' };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function printReadable(check: LlmCheck): void {
  if (!check.configured) {
    console.error(check.reason);
    return;
  }
  console.log(`大模型服务：${check.baseUrl}`);
  for (const m of check.models) {
    console.log(`模型 ${m.model}（用于：${m.features.map((f) => FEATURE_NAMES[f]).join('、')}）`);
    if (!m.ok) {
      const e = m.error;
      console.log(`  失败：${e?.message ?? '未知原因'}`);
      if (e?.hint) console.log(`  ${e.hint}`);
      if (e?.detail) console.log(`  服务返回：${e.detail}`);
      continue;
    }
    console.log(`  连通：成功，首个片段 ${m.firstTokenMs} ms，完整回答 ${m.totalMs} ms`);
    console.log(
      m.streaming
        ? `  流式输出：支持（回答分 ${m.chunks} 个片段到达）`
        : `  流式输出：不支持（回答只分 ${m.chunks} 个片段到达，界面会整段显示）`,
    );
    console.log(
      `  对数概率（logprobs）：${m.logprobs === null ? '无法判断（询问时出错）' : m.logprobs ? '支持' : '不支持（AIGC 检测将不用困惑度）'}`,
    );
    if (m.usage) {
      console.log(
        `  用量：提示 ${m.usage.promptTokens} + 回答 ${m.usage.completionTokens} tokens（${m.usage.source === 'api' ? '服务返回' : '服务未返回，本地估算'}）`,
      );
    }
    console.log(`  回答：${(m.answer ?? '').replace(/\s+/g, ' ').slice(0, 80)}`);
  }
}

export function registerLlmCommands(program: Command): void {
  const llm = program.command('llm').description('大模型服务');
  llm
    .command('check')
    .description('用配置的大模型服务（LLM_BASE_URL、LLM_MODEL…）问一个问题：模型、延迟、流式输出与对数概率支持，或失败原因')
    .option('--json', '输出一个 JSON 对象 {configured, baseUrl, models: [...], reason}')
    .option('--timeout-ms <ms>', '本次检查的首个片段与整个回答的超时（默认 LLM_FIRST_TOKEN_TIMEOUT_MS、LLM_TIMEOUT_MS）')
    .action(async (options: { json?: boolean; timeoutMs?: string }) => {
      const settings = llmSettings(loadConfig());
      if (options.timeoutMs !== undefined) {
        const ms = Number(options.timeoutMs);
        if (!Number.isInteger(ms) || ms < 100) throw new Error(`--timeout-ms“${options.timeoutMs}”无效（至少 100 的整数）`);
        settings.timeoutMs = ms;
        settings.firstTokenTimeoutMs = ms;
      }
      const check = await checkLlm(settings);
      if (options.json) console.log(JSON.stringify(check));
      else printReadable(check);
      if (!check.configured || check.models.some((m) => !m.ok)) process.exitCode = 1;
    });
}
