// `npm run pact:serve`: the server as `npm run serve` runs it, with the Pact provider-state endpoint
// (PACT_PROVIDER_STATES=on still required, refused with NODE_ENV=production), for verifying a running server:
//   PACT_PROVIDER_STATES=on DATA_DIR=/tmp/moyan-pact npm run pact:serve
//   npm run pact:verify -- --provider-base-url http://127.0.0.1:8080 --provider-states-setup-url http://127.0.0.1:8080/_pact/provider-states
import { serve } from '../server/serve';
import { registerProviderStates } from './state-endpoint';

await serve({ testRoutes: registerProviderStates });
