import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers } from '../server/handlers';
import { isNotImplemented } from '../server/handlers/not-implemented';
import { type OperationInfo, loadContract, operationsOf } from '../server/http/contract';

// Every generated operation the UI uses must have a Pact interaction (contracts/pacts/*.json, matched by
// method and path), so a new screen cannot skip the contract. Operations this instance has not built are
// exempt while they are marked `x-moyan-status: planned`; once the marker goes, an interaction is due.

const GENERATED = 'src/api/gen';
const PACTS = 'contracts/pacts';
const operations = [...operationsOf(loadContract()).values()];

// What orval 7 exports for an operation `fooBar`: the call, its hooks and their helpers.
const HOOKS = ['use', 'useSuspense', 'useInfinite', 'useSuspenseInfinite'];
const HELPERS = ['QueryKey', 'QueryOptions', 'MutationOptions', 'SuspenseQueryOptions', 'InfiniteQueryKey', 'InfiniteQueryOptions', 'SuspenseInfiniteQueryOptions', 'Url'];

function namesOf(operationId: string): string[] {
  const pascal = operationId[0].toUpperCase() + operationId.slice(1);
  return [operationId, ...HOOKS.map((hook) => `${hook}${pascal}`), ...HELPERS.map((helper) => `get${pascal}${helper}`)];
}

const operationByName = new Map(operations.flatMap((op) => namesOf(op.operation.operationId).map((name) => [name, op] as const)));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const isGenerated = (path: string) => path.startsWith(`${GENERATED}/`);
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('src/test/');
const sources = filesUnder('src').filter((path) => /\.tsx?$/.test(path) && !isGenerated(path) && !isTest(path));

/** The names imported from a generated operation module (not the models), per file. */
function generatedImports(source: string): { names: string[]; namespaces: string[] } {
  const names: string[] = [];
  const namespaces: string[] = [];
  for (const [, clause, from] of source.matchAll(/import\s+([^'";]+?)\s+from\s+['"]([^'"]+)['"]/g)) {
    if (!/api\/gen\/(?!model)/.test(from) || /^type\s/.test(clause)) continue;
    const namespace = /\*\s+as\s+\w+/.test(clause);
    if (namespace) namespaces.push(from);
    for (const specifier of /\{([^}]*)\}/.exec(clause)?.[1].split(',') ?? []) {
      const name = specifier.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name && !specifier.trim().startsWith('type ')) names.push(name);
    }
  }
  return { names, namespaces };
}

/** The operations src/ (outside src/api/gen) uses through a generated call, hook or helper. */
function usedOperations(): { used: Set<OperationInfo>; unknown: string[] } {
  const used = new Set<OperationInfo>();
  const unknown: string[] = [];
  for (const path of sources) {
    const { names, namespaces } = generatedImports(readFileSync(path, 'utf8'));
    for (const name of names) {
      const op = operationByName.get(name);
      if (op) used.add(op);
      else unknown.push(`${path}: ${name}`);
    }
    // `import * as api from '@/api/gen/check/check'` may use any operation of that area.
    for (const from of namespaces) {
      const tag = from.split('/').at(-1);
      for (const op of operations) if (op.operation.tags?.[0] === tag) used.add(op);
    }
  }
  return { used, unknown };
}

function interactions(): Array<{ description: string; method: string; path: string }> {
  return readdirSync(PACTS)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const pact = JSON.parse(readFileSync(join(PACTS, file), 'utf8')) as {
        interactions: Array<{ description: string; request: { method: string; path: string } }>;
      };
      return pact.interactions.map(({ description, request }) => ({ description, method: request.method.toUpperCase(), path: request.path }));
    });
}

// The marker is the rule; until every placeholder carries it, the 501 placeholder itself counts as planned
// too (openapi/planned.test.ts makes the two agree).
const isPlanned = (op: OperationInfo) =>
  op.operation['x-moyan-status'] === 'planned' ||
  isNotImplemented(handlers[op.operation.operationId as keyof typeof handlers]);

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('Pact interactions for the operations the UI uses', () => {
  it('knows every name orval generates, so no use of an operation goes unseen', () => {
    const exported = filesUnder(GENERATED)
      .filter((path) => !path.includes('/model/') && path.endsWith('.ts'))
      .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]));
    expect(exported.length).toBeGreaterThan(operations.length);
    expect(exported.filter((name) => !operationByName.has(name))).toEqual([]);
  });

  it('finds the generated calls and hooks the screens import', () => {
    const { used, unknown } = usedOperations();
    expect(unknown, 'imports from src/api/gen that name no operation').toEqual([]);
    const ids = [...used].map((op) => op.operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(['loginLogin', 'checkQueryList', 'checkCheckInit', 'orderInfoCreateOrder']));
  });

  it('has an interaction for every operation src/ uses, except those marked x-moyan-status: planned', () => {
    const covered = new Set(interactions().map((i) => key(i.method, i.path)));
    const used = [...usedOperations().used];
    const planned = used.filter(isPlanned).map((op) => op.operation.operationId).sort();
    const missing = used
      .filter((op) => !isPlanned(op) && !covered.has(key(op.method, op.path)))
      .map((op) => `${op.operation.operationId} (${op.method} ${op.path})`)
      .sort();
    if (planned.length > 0) console.info(`used by the UI but planned (no interaction required yet): ${planned.join(', ')}`);
    expect(
      missing,
      `operations the UI calls without a Pact interaction (add one in contracts/*.pact.test.ts, then npm run test:contract): ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('matches every interaction to an operation of the contract', () => {
    const known = new Set(operations.map((op) => key(op.method, op.path)));
    const stray = interactions().filter((i) => !known.has(key(i.method, i.path)));
    expect(stray.map((i) => `${i.description}: ${i.method} ${i.path}`)).toEqual([]);
  });
});
