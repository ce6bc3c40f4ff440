// Replays the consumer pacts (contracts/pacts/*.json) against a provider (contracts/README.md).
//   npm run pact:verify
//       our server in-process (in-memory PGlite, random port, PACT_PROVIDER_STATES=on); the verifier sets
//       each provider state up through the server's state endpoint, as it does on any other server
//   npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact-dir DIR]
//       any running server; the states are set up through its own state-setup endpoint (nothing here
//       touches its database)
import { parseArgs } from 'node:util';
import { PACT_DIR, pactFilesIn, type RunningProvider, startOurProvider, verifyPacts } from './provider';

const { values } = parseArgs({
  options: {
    'provider-base-url': { type: 'string' },
    'provider-states-setup-url': { type: 'string' },
    'pact-dir': { type: 'string', default: PACT_DIR },
  },
});

const pactDir = values['pact-dir'] ?? PACT_DIR;
const pactUrls = pactFilesIn(pactDir);
if (pactUrls.length === 0) {
  console.error(`No pact files in ${pactDir}; run npm run test:contract first`);
  process.exit(1);
}

let ours: RunningProvider | undefined;
let providerBaseUrl = values['provider-base-url'];
let providerStatesSetupUrl = values['provider-states-setup-url'];
if (!providerBaseUrl) {
  if (providerStatesSetupUrl) {
    console.error('--provider-states-setup-url needs --provider-base-url (our own server brings its own)');
    process.exit(1);
  }
  ours = await startOurProvider();
  providerBaseUrl = ours.baseUrl;
  providerStatesSetupUrl = ours.statesUrl;
} else if (!providerStatesSetupUrl) {
  console.warn('No --provider-states-setup-url: provider states are not set up, so interactions that need one may fail');
}

const result = await verifyPacts({ providerBaseUrl, providerStatesSetupUrl, pactUrls }).finally(() => ours?.close());
if (result.passed) {
  console.log(`Pact verification passed against ${providerBaseUrl} (${pactUrls.length} pact file(s))`);
} else {
  // The verifier already printed the detailed report; name the failing interactions once more.
  console.error(`Pact verification failed against ${providerBaseUrl}: ${result.failing.join('; ') || result.error}`);
}
process.exit(result.passed ? 0 : 1);
