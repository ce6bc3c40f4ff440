import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { systemCapabilities } from '../src/api/gen/system/system';
import { oneOf } from './matchers';
import { createPact, useMockServer } from './pact';

const { boolean, eachLike } = MatchersV3;

describe('system contract', () => {
  it('tells anyone, without a token, which services, payment channels and sign-up this instance offers', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('a request for what this instance offers')
      .withRequest('GET', '/api/base/system_api/f/capabilities')
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: {
            // 查重 is built on every instance; the other services come and go with what is built and configured,
            // but each is there (tabs and home cards read its `available`).
            services: {
              check: { available: true, reason: null },
              aigc: { available: boolean(false) },
              rewrite: { available: boolean(false) },
              paper: { available: boolean(false) },
              ppt: { available: boolean(false) },
              chat: { available: boolean(false) },
            },
            payment: { available: boolean(true), reason: null, channels: eachLike('sandbox') },
            registration: { open: boolean(true) },
            // The rewording forms say which engine will run (and at which price) before payment.
            rewriteEngine: oneOf(['model', 'offline'], 'offline'),
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const capabilities = await systemCapabilities();
        expect(capabilities.services.check).toEqual({ available: true, reason: null });
        expect(capabilities.payment.channels).toContain('sandbox');
        expect(capabilities.registration.open).toBe(true);
        expect(['model', 'offline']).toContain(capabilities.rewriteEngine);
      });
  });
});
