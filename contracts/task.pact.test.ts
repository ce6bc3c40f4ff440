import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { taskProgress } from '../src/api/gen/task/task';
import { isoTime, oneOf, ok } from './matchers';
import { BEARER, createPact, refusedWithoutToken, useMockServer } from './pact';
import { PACT_SUBMITTED_ID, STATES } from './states';

const { integer, eachLike, nullValue } = MatchersV3;

describe('task contract', () => {
  it('a progress poll without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a progress poll without a token',
      method: 'POST',
      path: '/api/base/task_api/progress',
      request: (req) => req.jsonBody({ ids: [PACT_SUBMITTED_ID] }),
      call: () => taskProgress({ ids: [PACT_SUBMITTED_ID] }),
    }));

  it('the records page polls the progress of its queued and running checks', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.submittedCheck)
      .uponReceiving('a progress poll for a submitted check')
      .withRequest('POST', '/api/base/task_api/progress', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ ids: [PACT_SUBMITTED_ID] }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            eachLike({
              id: PACT_SUBMITTED_ID,
              kind: 'check',
              status: oneOf(['queued', 'running', 'done'], 'running'),
              progress: integer(40),
              error: nullValue(),
              updatedAt: isoTime(),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const [item] = await taskProgress({ ids: [PACT_SUBMITTED_ID] });
        expect(item).toMatchObject({ id: PACT_SUBMITTED_ID, status: 'running', progress: 40, error: null });
      });
  });
});
