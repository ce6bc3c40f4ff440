import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { LlmError } from './errors';
import { Limiter, type SlotRequest } from './limiter';
import { backoffMs, pause, retryAfterMs } from './retry';
import type { LlmSettings } from './settings';
import { countMessageTokens, countTokens, warmTokenizer } from './tokens';
import {
  LLM_FEATURES,
  type LlmCallRecord,
  type LlmDelta,
  type LlmFeature,
  type LlmOutcome,
  type LlmRequest,
  type LlmTokenLogprob,
  type LlmUsage,
} from './types';

/** One model call: iterate it for the answer's pieces; `record` settles once the call has ended, however it ended. */
export interface LlmCall extends AsyncIterable<LlmDelta> {
  readonly record: Promise<LlmCallRecord>;
}

export interface LlmAnswer {
  content: string;
  logprobs: LlmTokenLogprob[];
  record: LlmCallRecord;
}

export interface LlmGateway {
  /** Whether calls for this feature can be made (an endpoint and a model for it are configured). */
  configured(feature: LlmFeature): boolean;
  /** The model a feature uses, or null. */
  model(feature: LlmFeature): string | null;
  models(): Record<LlmFeature, string | null>;
  /**
   * Streams an answer. Fails with LlmError: not_configured, busy (no free slot within LLM_QUEUE_TIMEOUT_MS),
   * account_busy (the account's own calls hold its LLM_ACCOUNT_CONCURRENCY slots and LLM_ACCOUNT_QUEUE more wait), aborted (request.signal), timeout (no first token within LLM_FIRST_TOKEN_TIMEOUT_MS, or not done within
   * LLM_TIMEOUT_MS), or what the endpoint answered. 429, 5xx and lost connections are retried (honouring
   * Retry-After) only while nothing has been handed out: a half-delivered answer is never replayed.
   */
  stream(request: LlmRequest): LlmCall;
  /** The whole answer at once (the same streamed call, collected). */
  complete(request: LlmRequest): Promise<LlmAnswer>;
  /** Whether the feature's endpoint returns log-probabilities when asked (asked once per model, remembered). */
  supportsLogprobs(feature: LlmFeature): Promise<boolean>;
  /** Calls running now and waiting for a slot. */
  load(): { active: number; queued: number };
  /**
   * This gateway with every call made for `account`: its own LLM_ACCOUNT_CONCURRENCY slots, its turn among accounts.
   * `background` for a job's calls: they wait for a slot as long as a call may take (LLM_TIMEOUT_MS) and are never
   * refused for the account's queue.
   */
  forAccount(account: string, options?: { background?: boolean }): LlmGateway;
}

export interface GatewayOptions {
  /** Called once per call when it ends (usage accounting); awaited before `record` settles; errors are logged. */
  onCall?: (record: LlmCallRecord) => Promise<void> | void;
  log?: { warn(object: object, message: string): void };
}

const NEVER = new AbortController().signal;

/** Whose call it is (LlmGateway.forAccount): the account and whether a job makes it. */
type Owner = Omit<SlotRequest, 'signal'>;

export function createLlmGateway(settings: LlmSettings, options: GatewayOptions = {}): LlmGateway {
  const limiter = new Limiter({
    max: settings.concurrency,
    perAccount: settings.accountConcurrency,
    queuedPerAccount: settings.accountQueue,
    waitMs: settings.queueTimeoutMs,
    backgroundWaitMs: settings.timeoutMs,
  });
  const client = settings.baseUrl
    ? new OpenAI({
        baseURL: settings.baseUrl,
        // Local servers (Ollama, vLLM without --api-key) take any key; the SDK insists on one.
        apiKey: settings.apiKey ?? 'not-needed',
        maxRetries: 0,
        timeout: settings.timeoutMs,
        logLevel: 'off',
      })
    : undefined;
  if (client) void warmTokenizer();
  const probes = new Map<string, Promise<boolean>>();

  const model = (feature: LlmFeature): string | null => (client ? (settings.models[feature] ?? null) : null);

  function stream(request: LlmRequest, owner: Owner): LlmCall {
    let settle: (record: LlmCallRecord) => void = () => undefined;
    const record = new Promise<LlmCallRecord>((resolve) => {
      settle = resolve;
    });
    let started = false;
    return {
      record,
      [Symbol.asyncIterator]() {
        if (started) throw new Error('An LlmCall can be iterated once');
        started = true;
        return run(request, owner, settle);
      },
    };
  }

  async function* run(request: LlmRequest, { account, background }: Owner, settle: (record: LlmCallRecord) => void): AsyncGenerator<LlmDelta> {
    const name = model(request.feature);
    if (!client || !name) throw new LlmError('not_configured');
    const caller = request.signal ?? NEVER;
    const release = await limiter.acquire({ account, background, signal: caller });
    const startedAt = performance.now();
    const total = new AbortController();
    const totalTimer = setTimeout(() => total.abort(), settings.timeoutMs);
    let content = '';
    let attempts = 0;
    let firstTokenMs: number | null = null;
    let finishReason: string | null = null;
    let apiUsage: ChatCompletionChunk['usage'] | undefined;
    let outcome: LlmOutcome | undefined;
    let errorKind: string | null = null;
    try {
      for (;;) {
        attempts++;
        const attempt = new AbortController();
        const firstTokenTimer = setTimeout(() => attempt.abort(), settings.firstTokenTimeoutMs);
        const signal = AbortSignal.any([caller, total.signal, attempt.signal]);
        try {
          const upstream = await client.chat.completions.create(bodyFor(name, request), { signal, maxRetries: 0 });
          for await (const chunk of upstream) {
            if (chunk.usage) apiUsage = chunk.usage;
            const choice = chunk.choices?.[0];
            if (!choice) continue;
            if (choice.finish_reason) finishReason = choice.finish_reason;
            const text = choice.delta?.content ?? '';
            const logprobs = choice.logprobs?.content;
            if (!text && !logprobs?.length) continue;
            if (firstTokenMs === null) {
              clearTimeout(firstTokenTimer);
              firstTokenMs = performance.now() - startedAt;
            }
            content += text;
            yield logprobs?.length ? { content: text, logprobs: logprobs.map(toLogprob) } : { content: text };
          }
          // The SDK ends an aborted stream quietly, without an error.
          if (signal.aborted) throw abortError(caller, total.signal);
          if (!finishReason) throw new LlmError('bad_response', { detail: 'the stream ended before a finish_reason' });
          outcome = 'complete';
          return;
        } catch (error) {
          const failure = classify(error, caller, total.signal, attempt.signal, content !== '');
          const wait = failure.retryAfterMs ?? backoffMs(attempts - 1);
          const left = settings.timeoutMs - (performance.now() - startedAt);
          if (content !== '' || !failure.retryable || attempts > settings.maxRetries || wait >= left) throw failure.error;
          try {
            await pause(wait, AbortSignal.any([caller, total.signal]));
          } catch {
            throw abortError(caller, total.signal);
          }
        } finally {
          clearTimeout(firstTokenTimer);
          // Stops the upstream request if the caller stopped iterating (break) mid-stream.
          attempt.abort();
        }
      }
    } catch (error) {
      const kind = error instanceof LlmError ? error.kind : 'upstream';
      outcome = kind === 'aborted' ? 'aborted' : 'failed';
      errorKind = kind;
      throw error;
    } finally {
      clearTimeout(totalTimer);
      release();
      const record: LlmCallRecord = {
        feature: request.feature,
        model: name,
        taskId: request.taskId ?? null,
        // A caller that stops iterating early (break) ends the call like an abort.
        outcome: outcome ?? 'aborted',
        errorKind,
        finishReason,
        usage: await usageOf(apiUsage, request, content),
        content,
        attempts,
        firstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
        totalMs: Math.round(performance.now() - startedAt),
      };
      try {
        await options.onCall?.(record);
      } catch (error) {
        options.log?.warn({ err: error }, 'could not record a model call');
      }
      settle(record);
    }
  }

  async function complete(request: LlmRequest, owner: Owner): Promise<LlmAnswer> {
    const call = stream(request, owner);
    let content = '';
    const logprobs: LlmTokenLogprob[] = [];
    for await (const delta of call) {
      content += delta.content;
      if (delta.logprobs) logprobs.push(...delta.logprobs);
    }
    return { content, logprobs, record: await call.record };
  }

  function supportsLogprobs(feature: LlmFeature): Promise<boolean> {
    const name = model(feature);
    if (!name) return Promise.reject(new LlmError('not_configured'));
    let probe = probes.get(name);
    if (!probe) {
      probe = probeLogprobs(feature);
      probes.set(name, probe);
      // A failed probe (endpoint down) says nothing about the endpoint: ask again next time.
      probe.catch(() => probes.delete(name));
    }
    return probe;
  }

  async function probeLogprobs(feature: LlmFeature): Promise<boolean> {
    try {
      // Nobody's call: the probe counts against no account.
      const answer = await complete({ feature, messages: [{ role: 'user', content: '你好' }], maxTokens: 1, topLogprobs: 1 }, {});
      return answer.logprobs.length > 0;
    } catch (error) {
      // Endpoints without log-probabilities either ignore the parameter (above) or refuse it with 400/422.
      if (error instanceof LlmError && error.kind === 'bad_request') return false;
      throw error;
    }
  }

  const gateway = (owner: Owner): LlmGateway => ({
    configured: (feature) => model(feature) !== null,
    model,
    models: () => Object.fromEntries(LLM_FEATURES.map((f) => [f, model(f)])) as Record<LlmFeature, string | null>,
    stream: (request) => stream(request, owner),
    complete: (request) => complete(request, owner),
    supportsLogprobs,
    load: () => ({ active: limiter.active, queued: limiter.queued }),
    forAccount: (account, options = {}) => gateway({ account, background: options.background ?? false }),
  });
  return gateway({});
}

function bodyFor(model: string, request: LlmRequest): ChatCompletionCreateParamsStreaming {
  return {
    model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.topLogprobs !== undefined && { logprobs: true, top_logprobs: request.topLogprobs }),
  };
}

function toLogprob(entry: { token: string; logprob: number; top_logprobs?: Array<{ token: string; logprob: number }> }): LlmTokenLogprob {
  return {
    token: entry.token,
    logprob: entry.logprob,
    topLogprobs: (entry.top_logprobs ?? []).map((t) => ({ token: t.token, logprob: t.logprob })),
  };
}

async function usageOf(api: ChatCompletionChunk['usage'] | undefined, request: LlmRequest, content: string): Promise<LlmUsage> {
  if (api && Number.isFinite(api.prompt_tokens) && Number.isFinite(api.completion_tokens)) {
    return { promptTokens: api.prompt_tokens, completionTokens: api.completion_tokens, source: 'api' };
  }
  return {
    promptTokens: await countMessageTokens(request.messages),
    completionTokens: content === '' ? 0 : await countTokens(content),
    source: 'counted',
  };
}

function abortError(caller: AbortSignal, total: AbortSignal): LlmError {
  if (caller.aborted) return new LlmError('aborted');
  return new LlmError('timeout', { detail: total.aborted ? 'the call took longer than LLM_TIMEOUT_MS' : 'no first token in time' });
}

interface Failure {
  error: LlmError;
  retryable: boolean;
  retryAfterMs?: number;
}

const NETWORK_CODES_NOT_WORTH_RETRYING = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

function classify(error: unknown, caller: AbortSignal, total: AbortSignal, attempt: AbortSignal, delivered: boolean): Failure {
  const fail = (kind: LlmError['kind'], retryable: boolean, extra: { status?: number; retryAfterMs?: number } = {}) => ({
    error: new LlmError(kind, { status: extra.status, detail: detailOf(error), delivered, cause: error }),
    retryable,
    retryAfterMs: extra.retryAfterMs,
  });
  if (caller.aborted || total.aborted || attempt.aborted) {
    const reason = abortError(caller, total);
    return { error: new LlmError(reason.kind, { detail: reason.detail, delivered, cause: error }), retryable: false };
  }
  if (error instanceof LlmError) return { error, retryable: false };
  if (error instanceof APIConnectionTimeoutError) return fail('timeout', false);
  if (error instanceof APIConnectionError) {
    const code = systemCode(error);
    return code && NETWORK_CODES_NOT_WORTH_RETRYING.has(code) ? fail('dns', false) : fail('connection', true);
  }
  if (error instanceof APIError) {
    const status = error.status;
    if (status === undefined) return fail('upstream', true);
    if (status === 429) return fail('rate_limited', true, { status, retryAfterMs: retryAfterMs(error.headers) });
    if (status === 401 || status === 403) return fail('auth', false, { status });
    if (status === 404) return fail('not_found', false, { status });
    if (status === 408 || status === 409 || status >= 500) {
      return fail('upstream', true, { status, retryAfterMs: retryAfterMs(error.headers) });
    }
    return fail('bad_request', false, { status });
  }
  if (error instanceof SyntaxError) return fail('bad_response', false);
  // undici reports a connection lost mid-body as TypeError('terminated') with the socket error as cause.
  if (error instanceof TypeError) return fail('connection', true);
  return fail('upstream', false);
}

function systemCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = systemCode(error);
  return (code && !message.includes(code) ? `${message} (${code})` : message).slice(0, 300);
}
