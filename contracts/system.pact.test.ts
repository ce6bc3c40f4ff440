import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { accountInfoFreeUses, systemCapabilities } from '../src/api/gen/system/system';
import { oneOf } from './matchers';
import { BEARER, createPact, refusedWithoutToken, useMockServer } from './pact';
import { STATES } from './states';

const { boolean, eachLike, integer, regex } = MatchersV3;

/** A day's free uses of one action as the note beside it reads them (今日免费 N 次，剩余 M 次). */
const freeUse = () => ({ perDay: integer(20), used: integer(0), remaining: integer(20) });

describe('system contract', () => {
  it('today’s free uses without a token are refused with 401', () =>
    refusedWithoutToken({
      description: "a request for today's free uses without a token",
      method: 'GET',
      path: '/api/base/account_info_api/free_uses',
      call: () => accountInfoFreeUses(),
    }));

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
            freeUses: {
              reduction: { perAccount: integer(20), perAddress: integer(100) },
              outline: { perAccount: integer(10), perAddress: integer(50) },
              pptDraft: { perAccount: integer(10), perAddress: integer(50) },
              reload: { perAccount: integer(30), perAddress: integer(150) },
            },
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

  it("tells a signed-in student today's free uses of the model work that is not charged", async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving("a request for today's free uses")
      .withRequest('GET', '/api/base/account_info_api/free_uses', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: {
            day: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-05-01'),
            uses: { reduction: freeUse(), outline: freeUse(), pptDraft: freeUse(), reload: freeUse() },
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const today = await accountInfoFreeUses();
        expect(today.uses.outline).toEqual({ perDay: 20, used: 0, remaining: 20 });
      });
  });
});
