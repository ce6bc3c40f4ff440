import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config';
import { body, bearer, createTestApp, post, type TestApp } from '../server/test/app';
import { PROVIDER_STATES_PATH, registerProviderStates } from './state-endpoint';
import { PACT_TOKEN, PACT_USER, STATES } from './states';

const LOGIN = '/api/base/login_api/f/login';
const CURRENT = '/api/base/login_api/current';

describe('PACT_PROVIDER_STATES', () => {
  it('is off unless switched on', () => {
    expect(loadConfig({}).PACT_PROVIDER_STATES).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PACT_PROVIDER_STATES: 'on' }).PACT_PROVIDER_STATES).toBe(true);
  });

  it('refuses to start a production server with the state endpoint on', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PACT_PROVIDER_STATES: 'on' })).toThrow(/PACT_PROVIDER_STATES/);
    expect(loadConfig({ NODE_ENV: 'production', PACT_PROVIDER_STATES: 'off' }).PACT_PROVIDER_STATES).toBe(false);
  });
});

// The endpoint the Pact verifier calls with --provider-states-setup-url (contracts/README.md).
describe('provider-state endpoint', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ PACT_PROVIDER_STATES: true }, { testRoutes: registerProviderStates });
    off = await createTestApp({}, { testRoutes: registerProviderStates });
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  const change = (t: TestApp, payload: unknown) => post(t.app, PROVIDER_STATES_PATH, { payload });

  it('does not exist when switched off', async () => {
    const response = await change(off, { state: STATES.userExists, params: {}, action: 'setup' });
    expect(response.statusCode).toBe(404);
    expect(body(response).success).toBe(false);
    expect(await post(off.app, LOGIN, { query: PACT_USER }).then((r) => r.statusCode)).toBe(401);
  });

  it('sets a state up in the server’s own database and answers the values for the verifier', async () => {
    expect((await post(on.app, LOGIN, { query: PACT_USER })).statusCode).toBe(401);
    const response = await change(on, { state: STATES.userExists, params: {}, action: 'setup' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await post(on.app, LOGIN, { query: PACT_USER })).statusCode).toBe(200);
  });

  it('seeds the token of the signed-in state, and runs a setup again without harm', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await change(on, { state: STATES.signedIn, action: 'setup' })).statusCode).toBe(200);
    }
    const current = await on.app.inject({ method: 'POST', url: CURRENT, headers: bearer(PACT_TOKEN) });
    expect(current.statusCode).toBe(200);
    expect(body<{ loginName: string }>(current).result.loginName).toBe(PACT_USER.username);
  });

  it('answers a teardown and the empty state the verifier sends before interactions without one', async () => {
    const teardown = await change(on, { state: STATES.signedIn, params: {}, action: 'teardown' });
    expect(teardown.statusCode).toBe(200);
    expect(teardown.json()).toEqual({});
    const none = await change(on, { state: '', params: {}, action: 'setup' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({});
  });

  it('refuses a state it does not know, and a request that is not a state change, in the error envelope', async () => {
    const unknown = await change(on, { state: 'the moon is made of cheese', action: 'setup' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error).toEqual({ code: 'UNKNOWN_PROVIDER_STATE', message: '未知的测试状态：the moon is made of cheese' });
    const inherited = await change(on, { state: 'constructor', action: 'setup' });
    expect(body(inherited).error.code).toBe('UNKNOWN_PROVIDER_STATE');
    const malformed = await change(on, { state: STATES.userExists, action: 'wipe' });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).error.message).toMatch(/请求参数不正确/);
  });
});
