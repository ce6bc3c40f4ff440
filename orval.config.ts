import { defineConfig } from 'orval';
import { MOCK_PARAGRAPHS, MOCK_TITLES } from './mocks/sample-text';

// POST calls that only read. orval makes mutations of POSTs by default; these become useQuery hooks.
// Each area file in openapi/paths lists its readers with x-moyan-read: true; see scripts/read-operations.ts.
import { readOperationIds } from './scripts/read-operations';

const input = { target: './openapi/gen/openapi.json' };
const mutator = { path: './src/api/http.ts', name: 'http' };
// Faker's defaults are random Latin letters; these keep mocked screens looking like the product.
// orval inlines each function's source into mocks/gen, so the sample arrays are written into the body.
const fakerCall = (expression: string) => new Function(`return ${expression};`);
const pick = (items: string[]) => fakerCall(`faker.helpers.arrayElement(${JSON.stringify(items)})`);
const mockProperties = {
  success: true,
  deleted: true,
  id: fakerCall('faker.string.ulid()'),
  '/^(title|heading|packageName)$/': pick(MOCK_TITLES),
  '/^(author|loginName)$/': fakerCall('faker.person.fullName()'),
  '/^(content|text|original|rewritten|sourceText)$/': pick(MOCK_PARAGRAPHS),
  avatar: '/avatar-default.png',
  '/^(createdAt|updatedAt|finishedAt|paidAt|lastMessageAt|generatedAt)$/': fakerCall(
    'faker.date.recent({ days: 30 }).toISOString()',
  ),
};

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
      override: { mutator, mock: { properties: mockProperties } },
    },
    hooks: { afterAllFilesWrite: 'tsx scripts/prune-mock-clients.ts' },
  },
});
