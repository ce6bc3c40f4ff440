import { ProviderError } from '../provider';
import type { WechatPaySettings } from './settings';
import { authorization, signatureProblem, signedHeaders } from './signing';

// Answers older than this are refused as replays (the official SDKs allow five minutes of clock skew).
export const MAX_SIGNATURE_AGE_SECONDS = 300;

export interface WechatAnswer {
  status: number;
  /** The parsed JSON body; {} for an empty one. */
  json: Record<string, unknown>;
}

/** An error answer: WeChat Pay's code (NOT_ENOUGH, ORDER_NOT_EXIST ...) and Chinese message. */
export class WechatPayError extends ProviderError {
  constructor(
    readonly status: number,
    code: string,
    readonly detail: string,
  ) {
    super('wechat', `微信支付返回 ${status} ${code}：${detail}`, code);
  }
}

/**
 * One signed call to WeChat Pay API v3. A 2xx answer must carry WeChat Pay's valid signature (else it is
 * treated as forged); a 4xx/5xx answer becomes WechatPayError; no answer in time becomes ProviderError.
 */
export async function wechatCall(
  settings: WechatPaySettings,
  method: 'GET' | 'POST',
  target: string,
  body?: unknown,
): Promise<WechatAnswer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response = await send(settings, `${settings.baseUrl}${target}`, {
    method,
    headers: {
      authorization: authorization(settings.merchant, method, target, text),
      accept: 'application/json',
      ...(text ? { 'content-type': 'application/json' } : {}),
      'user-agent': 'moyan-wechatpay/1',
    },
    body: text || undefined,
  });
  const answer = await response.text();
  if (!response.ok) {
    const error = parse(answer);
    throw new WechatPayError(response.status, String(error.code ?? 'UNKNOWN'), String(error.message ?? '').slice(0, 200));
  }
  const problem = signatureProblem(settings.platform, signedHeaders(headersOf(response)), answer, new Date(), MAX_SIGNATURE_AGE_SECONDS);
  if (problem) throw new ProviderError('wechat', `微信支付的应答未通过验签（${problem}）`);
  return { status: response.status, json: parse(answer) };
}

/** A bill file (its address comes from a signed answer; the file itself is unsigned and checked by its hash). */
export async function wechatDownload(settings: WechatPaySettings, url: string): Promise<Buffer> {
  const target = new URL(url);
  const response = await send(settings, url, {
    method: 'GET',
    headers: { authorization: authorization(settings.merchant, 'GET', `${target.pathname}${target.search}`, '') },
  });
  if (!response.ok) throw new WechatPayError(response.status, 'DOWNLOAD_FAILED', '账单文件下载失败');
  return Buffer.from(await response.arrayBuffer());
}

async function send(settings: WechatPaySettings, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new ProviderError('wechat', timedOut ? '微信支付在规定时间内没有应答' : `无法连接微信支付（${(error as Error).message}）`);
  }
}

function headersOf(response: Response): Record<string, string | undefined> {
  return Object.fromEntries(response.headers.entries());
}

function parse(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
