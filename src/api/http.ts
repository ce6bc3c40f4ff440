// The one HTTP client every generated call goes through (orval mutator).
// Base URL from VITE_API_BASE_URL, bearer token from localStorage 'Admin-Token', 15 s timeout,
// `params` in the query string, `data` as JSON (or multipart), and the `result` envelope unwrapped.

export const TOKEN_KEY = 'Admin-Token';
export const REQUEST_TIMEOUT_MS = 15_000;

export type RequestConfig = {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'get' | 'post' | 'put' | 'patch' | 'delete';
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
};

/** What a call resolves to: the `result` of a success envelope, or the whole body otherwise. */
export type Unwrap<T> = T extends { success: boolean; result: infer R } ? R : T;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type ErrorType<E> = ApiError & { body?: E };
export type BodyType<B> = B;

type ErrorEnvelope = { success: false; error: { code?: string; message?: string; details?: Record<string, unknown> } };

let baseUrl: string = import.meta.env?.VITE_API_BASE_URL ?? '';

/** Tests and the Pact consumer point the client at another origin. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

export function readToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
}

/** The address of an API path on the configured base URL, with `params` in the query string (also for the chat stream). */
export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const qs = query.toString();
  return `${baseUrl}${url}${qs ? `?${qs}` : ''}`;
}

function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  // orval declares a JSON type even when an optional body is left out; no body, no type.
  if (data === undefined) {
    headers.delete('Content-Type');
    return undefined;
  }
  // fetch must write the multipart boundary itself; orval sets a bare 'multipart/form-data'.
  if (data instanceof FormData) {
    headers.delete('Content-Type');
    return data;
  }
  if (data instanceof Blob || typeof data === 'string') return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** The ApiError of a failed answer: the envelope's code and Chinese message, or a generic one. */
export async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorEnvelope>;
    const error = body.error;
    if (error?.message) return new ApiError(response.status, error.code ?? 'ERROR', error.message, error.details);
  } catch {
    // not JSON: fall through to the generic message
  }
  return new ApiError(response.status, `HTTP_${response.status}`, `请求失败（HTTP ${response.status}）`);
}

function timeoutSignal(outer?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; clear: () => void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  outer?.addEventListener('abort', forward);
  return {
    signal: controller.signal,
    timedOut: () => expired,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

export async function http<T>(config: RequestConfig): Promise<Unwrap<T>> {
  const headers = new Headers(config.headers);
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = encodeBody(config.data, headers);
  const timer = timeoutSignal(config.signal);
  let response: Response;
  try {
    response = await fetch(buildUrl(config.url, config.params), {
      method: config.method.toUpperCase(),
      headers,
      body,
      signal: timer.signal,
    });
  } catch (cause) {
    if (timer.timedOut()) throw new ApiError(0, 'TIMEOUT', '请求超时，请检查网络后重试');
    if (config.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', '网络连接失败，请检查网络后重试');
  } finally {
    timer.clear();
  }
  if (!response.ok) throw await readError(response);
  // Downloads (reports, .docx, .pptx) come back as files, whatever orval inferred.
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (config.responseType === 'blob' || !isJson) return (await response.blob()) as Unwrap<T>;
  const payload = (await response.json()) as unknown;
  if (payload && typeof payload === 'object' && 'result' in payload) return (payload as { result: Unwrap<T> }).result;
  return payload as Unwrap<T>;
}

export default http;
