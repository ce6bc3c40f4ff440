import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OperationInfo, loadContract, operationsOf } from '../server/http/contract';

// A provider that answers a signed-in call without asking who is calling must fail verification: for every
// area (tag) whose signed-in calls the pacts hold, one interaction makes such a call with no token at all
// and expects 401 (contracts/pact.ts refusedWithoutToken).

const PACTS = 'contracts/pacts';

interface Interaction {
  description: string;
  request: { method: string; path: string; headers?: Record<string, unknown> };
  response: { status: number };
}

const interactions = readdirSync(PACTS)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => (JSON.parse(readFileSync(join(PACTS, file), 'utf8')) as { interactions: Interaction[] }).interactions);

const operations = [...operationsOf(loadContract()).values()];
const operationOf = (i: Interaction): OperationInfo | undefined =>
  operations.find((op) => op.path === i.request.path && op.method === i.request.method.toUpperCase());
const areaOf = (op: OperationInfo) => op.operation.tags?.[0] ?? '(untagged)';
const hasToken = (i: Interaction) => Object.keys(i.request.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');

describe('no-token interactions', () => {
  it('every area with signed-in calls in the pacts has one made without a token, answered 401', () => {
    const areas = new Set<string>();
    const refused = new Set<string>();
    for (const interaction of interactions) {
      const op = operationOf(interaction);
      if (!op?.secured) continue;
      areas.add(areaOf(op));
      if (!hasToken(interaction) && interaction.response.status === 401) refused.add(areaOf(op));
    }
    expect(areas.size).toBeGreaterThanOrEqual(9);
    expect([...areas].filter((area) => !refused.has(area)).sort(), 'areas without a no-token 401 interaction').toEqual([]);
  });
});
