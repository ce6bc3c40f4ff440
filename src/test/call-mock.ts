/** The answer of the mocked server: the envelope of the wire contract. */
export type Envelope<T> = { success: boolean; result: T; error?: { code: string; message: string } };

type CallOptions = { token?: string | null; body?: unknown; method?: 'GET' | 'POST' };

/**
 * One raw call to the mocked server (POST unless told): the HTTP status and the envelope, success or not.
 * A FormData body goes as multipart (uploads), anything else as JSON.
 */
export async function callMock<T = unknown>(path: string, { token, body, method = 'POST' }: CallOptions = {}) {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(new URL(path, window.location.origin), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}
