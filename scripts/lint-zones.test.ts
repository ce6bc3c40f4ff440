import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, checked the way `npm run lint` checks a commit: one import
// line in a file at the given place. The aliases (@/, @common/) must resolve, or no zone sees them.
const eslint = new ESLint({ cwd: process.cwd() });

async function zoneErrors(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('lint zones', () => {
  it.each([
    ['src/features/aigc/probe.ts', '@/features/check/check-form', /Features do not import each other/],
    ['src/components/probe.ts', '@/features/check/check-form', /Shared code never imports a feature/],
    ['src/lib/probe.ts', '@/routes/__root', /Shared code never imports/],
    ['src/features/check/probe.ts', '@/layout/app-layout', /Features do not import routes or the layout/],
    ['src/lib/probe.ts', '../../server/config', /only through the contract/],
    ['server/services/probe.ts', '@/lib/number', /does not import web code/],
    ['common/probe.ts', '../server/config', /ground floor/],
    ['common/probe.ts', '@/lib/number', /ground floor/],
    ['server/app-probe.ts', '../contracts/states', /does not import the Pact tests/],
    ['server/services/probe.ts', '../workers/pool', /through the Compute port/],
    ['server/services/check/probe.ts', '../../handlers/check', /Services do not depend on HTTP handlers/],
    ['server/workers/probe.ts', '../services/paging', /Workers run engines only/],
    ['server/workers/probe.ts', '../db/client', /Workers run engines only/],
    ['server/engines/text/probe.ts', '../../services/paging', /Engines are pure/],
    ['server/engines/text/probe.ts', '../../compute', /Engines are pure/],
    ['server/jobs/probe.ts', '../workers/pool', /Jobs run services and the Compute port/],
    ['server/db/probe.ts', '../services/paging', /The database layer knows no service/],
  ])('%s may not import %s', async (file, from, message) => {
    const errors = await zoneErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/features/aigc/probe.ts', '@/components/paper-source-field'],
    ['src/features/aigc/probe.ts', '@common/char-count'],
    ['server/services/probe.ts', '@common/char-count'],
    ['server/services/probe.ts', '../compute'],
    ['server/workers/probe.ts', '../compute'],
    ['server/workers/probe.ts', '../engines/text/errors'],
    ['server/handlers/probe.ts', '../services/paging'],
    ['contracts/probe.ts', '../server/app'],
  ])('%s may import %s', async (file, from) => {
    expect(await zoneErrors(file, from)).toEqual([]);
  });
});
