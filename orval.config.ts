import { defineConfig } from 'orval';
import { mockOperationProperties, mockProperties, mockTagProperties } from './mocks/mock-properties';

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
      schemas: './src/api/gen/model',
      client: 'axios-functions',
      httpClient: 'axios',
      clean: true,
      mock: { type: 'msw', delay: false, indexMockFiles: true, locale: 'zh_CN' },
      // Realistic Chinese values instead of faker's Latin letters: mocks/mock-properties.ts.
      override: {
        mutator,
        mock: { properties: mockProperties },
        tags: Object.fromEntries(Object.entries(mockTagProperties).map(([tag, properties]) => [tag, { mock: { properties } }])),
        operations: Object.fromEntries(Object.entries(mockOperationProperties).map(([id, properties]) => [id, { mock: { properties } }])),
      },
    },
    hooks: { afterAllFilesWrite: 'tsx scripts/prune-mock-clients.ts' },
  },
});
