import { defineConfig } from 'orval';

// POST calls that only read. orval makes mutations of POSTs by default; these become useQuery hooks.
// Each area file in openapi/paths lists its readers with x-moyan-read: true; see scripts/read-operations.ts.
import { readOperationIds } from './scripts/read-operations';

const input = { target: './openapi/gen/openapi.json' };
const mutator = { path: './src/api/http.ts', name: 'http' };
const readers = Object.fromEntries(readOperationIds().map((id) => [id, { query: { useQuery: true } }]));

export default defineConfig({
  api: {
    input,
    output: {
      mode: 'tags-split',
      target: './src/api/gen',
      schemas: './src/api/gen/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      override: {
        mutator,
        operations: readers,
        query: { signal: true },
      },
    },
  },
  mocks: {
    input,
    output: {
      mode: 'tags-split',
      target: './mocks/gen',
      schemas: './mocks/gen/model',
      client: 'axios-functions',
      httpClient: 'axios',
      clean: true,
      mock: { type: 'msw', delay: false, indexMockFiles: true, locale: 'zh_CN' },
      override: { mutator },
    },
    hooks: { afterAllFilesWrite: 'tsx scripts/prune-mock-clients.ts' },
  },
});
