import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, operationsOf } from '../http/contract';
import { SERVICES } from '../services/system/capabilities';
import { body, createTestApp, type TestApp } from '../test/app';
import { handlers } from '.';
import { aigcLowerHandlers } from './aigc';
import { rewriteFromAigcHandlers } from './rewrite';
import { builtAreas, isNotImplemented, notImplementedHandlers } from './not-implemented';

const CAPABILITIES = '/api/base/system_api/f/capabilities';

type Availability = { available: boolean; reason: string | null };
type Capabilities = {
  services: Record<string, Availability>;
  payment: Availability & { channels: string[] };
  registration: { open: boolean };
};

const read = async (t: TestApp) => {
  const response = await t.app.inject({ method: 'GET', url: CAPABILITIES });
  expect(response.statusCode).toBe(200);
  return body<Capabilities>(response).result;
};

describe('which areas are built', () => {
  const real = { checkQueryList: async () => ({}) };
  it('leaves out every area with a 501 placeholder, even one beside real handlers', () => {
    const built = builtAreas({
      check: real,
      aigc: notImplementedHandlers('paperAigcQueryList'),
      rewrite: { ...real, ...notImplementedHandlers('paperMachineReload') },
    });
    expect([...built]).toEqual(['check']);
  });
});

// The aigc tag is two services: lowering AI traces (its own handler groups) and detection (the rest).
const serviceOf = (operationId: string, tag: string | undefined) =>
  operationId in aigcLowerHandlers || operationId in rewriteFromAigcHandlers ? 'aigcLower' : tag;

describe('GET system_api/f/capabilities', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With a model named (nothing is called), so availability follows only what is built.
    t = await createTestApp({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'moyan-fake' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers without a token: every service, the payment channels and sign-up', async () => {
    const caps = await read(t);
    expect(Object.keys(caps.services).sort()).toEqual([...SERVICES].sort());
    expect(caps.payment).toEqual({ available: true, reason: null, channels: ['sandbox'] });
    expect(caps.registration).toEqual({ open: true });
  });

  it('offers exactly the services whose contract area has no 501 placeholder left', async () => {
    const caps = await read(t);
    const placeholderTags = new Set(
      [...operationsOf(loadContract()).values()]
        .filter(({ operation }) => isNotImplemented(handlers[operation.operationId as keyof typeof handlers]))
        .map(({ operation }) => serviceOf(operation.operationId, operation.tags?.[0])),
    );
    for (const service of SERVICES) {
      const built = !placeholderTags.has(service);
      expect(caps.services[service], service).toEqual(
        built ? { available: true, reason: null } : { available: false, reason: '该功能正在建设中' },
      );
    }
    // 查重 and AIGC detection are built; lowering AI traces still answers 501 at the time of writing.
    expect(caps.services.check.available).toBe(true);
    expect(caps.services.aigc.available).toBe(true);
  });
});

describe('capabilities follow the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { PAYMENT_SANDBOX: false, REGISTRATION: 'closed', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'moyan-fake' },
      { builtServices: new Set(['check', 'ppt']) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports no payment channel, closed sign-up and the built services', async () => {
    const caps = await read(t);
    expect(caps.payment).toEqual({ available: false, reason: '暂未开通在线支付，请联系管理员充值', channels: [] });
    expect(caps.registration).toEqual({ open: false });
    expect(Object.entries(caps.services).filter(([, s]) => s.available).map(([name]) => name).sort()).toEqual(['check', 'ppt']);
  });
});
