import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_DIR, pactFilesIn, type RunningProvider, startOurProvider, verifyPacts } from './provider';

// A backend team verifies the same server again and again (contracts/README.md: "A setup must be
// repeatable on the same database"): every pact passes a second time against the server and database the
// first verification left behind.
describe('provider states are repeatable', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startOurProvider();
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('a second verification against the same server passes as the first did', async () => {
    const run = () => verifyPacts({ providerBaseUrl: provider.baseUrl, providerStatesSetupUrl: provider.statesUrl, pactUrls: pactFilesIn(PACT_DIR), logLevel: 'error' });
    expect(await run()).toEqual({ passed: true, failing: [] });
    expect(await run()).toEqual({ passed: true, failing: [] });
  }, 600_000);
});
