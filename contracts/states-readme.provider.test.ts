import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROVIDER_STATES_PATH } from './state-endpoint';
import { STATES } from './states';

// A backend team verifies its server from contracts/README.md alone: every state the pacts may name must
// be listed there with what it means, and no name there may be stale.
const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

function documentedStates(): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Provider states\n'));
  if (!section) throw new Error('contracts/README.md has no "## Provider states" section');
  return [...section.matchAll(/^\| `([^`]+)` \|(.+)\|(.+)\|\s*$/gm)].map(([, name]) => name);
}

describe('contracts/README.md', () => {
  it('lists every provider state of states.ts, and only those', () => {
    expect([...documentedStates()].sort()).toEqual(Object.values(STATES).sort());
  });

  it('names the state-setup endpoint our server offers', () => {
    expect(readme).toContain(`POST ${PROVIDER_STATES_PATH}`);
    expect(readme).toContain('PACT_PROVIDER_STATES=on');
  });
});
