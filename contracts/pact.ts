import { PactV4 } from '@pact-foundation/pact';
import type { V4RequestBuilderFunc } from '@pact-foundation/pact/src/v4/http/types';
import { expect } from 'vitest';
import { ApiError, setApiBaseUrl, TOKEN_KEY } from '../src/api/http';
import { failure } from './matchers';
import { PACT_TOKEN } from './states';

process.env.PACT_DO_NOT_TRACK = 'true';

export const PACT_DIR = 'contracts/pacts';

export function createPact(): PactV4 {
  return new PactV4({ consumer: 'moyan-web', provider: 'moyan-api', dir: PACT_DIR, logLevel: 'warn' });
}

/** Points the real client (generated functions + mutator) at the Pact mock server, signed in with `token` if given. */
export function useMockServer(url: string, options: { signedIn?: boolean; token?: string } = {}): void {
  setApiBaseUrl(url);
  const token = options.token ?? (options.signedIn ? PACT_TOKEN : undefined);
  if (token) localStorage.setItem(TOKEN_KEY, token);
}

export const bearer = (token: string) => `Bearer ${token}`;

export const BEARER = `Bearer ${PACT_TOKEN}`;

/** The ApiError a call of the real client fails with (the envelope unwrapped by the mutator). */
export async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/**
 * A browser sends its cookies with every same-origin call and Node's fetch sends none: `call` runs as the
 * browser that holds `cookie` (name=value), for the calls the server ties to one browser.
 */
export async function asBrowserWithCookie<T>(cookie: string, call: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Cookie', cookie);
    return original(input, { ...init, headers });
  };
  try {
    return await call();
  } finally {
    globalThis.fetch = original;
  }
}

/**
 * A call that needs a signed-in user, made with no token at all: 401 UNAUTHORIZED in the error envelope,
 * which sends the UI to its login overlay. One per area the UI calls (openapi/pact-no-token.test.ts), so a
 * provider that answers such a call without asking who is calling fails verification.
 */
export async function refusedWithoutToken(options: {
  description: string;
  method: 'GET' | 'POST';
  path: string;
  request?: V4RequestBuilderFunc;
  call: () => Promise<unknown>;
}): Promise<void> {
  await createPact()
    .addInteraction()
    .uponReceiving(options.description)
    .withRequest(options.method, options.path, options.request)
    .willRespondWith(401, (res) => res.jsonBody(failure('UNAUTHORIZED', '未登录或登录已过期，请重新登录')))
    .executeTest(async (server) => {
      useMockServer(server.url);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect((await failureOf(options.call())).status).toBe(401);
    });
}
