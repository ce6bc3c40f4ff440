import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, operationsOf } from '../server/http/contract';
import { PACT_DIR, pactFilesIn, type RunningProvider, startOurProvider, verifyPacts } from './provider';

// The pacts themselves must catch a provider that breaks what the UI reads, not only our server's own
// response validation: with it off, each deliberately broken answer below must fail verification, and the
// same interactions must pass unbroken. One server serves every run; an onSend hook breaks one response.

type Body = Record<string, unknown> & { result?: unknown; error?: Record<string, unknown> };

interface Mutation {
  name: string;
  operationId?: string;
  status: number;
  mutate(body: Body): unknown;
}

const MUTATIONS: Mutation[] = [
  {
    name: 'checkQueryList answers its payload without the envelope',
    operationId: 'checkQueryList',
    status: 200,
    mutate: (body) => body.result,
  },
  {
    name: 'checkQueryList puts its records under another key',
    operationId: 'checkQueryList',
    status: 200,
    mutate: (body) => {
      const { records, ...page } = body.result as { records: unknown };
      return { ...body, result: { ...page, items: records } };
    },
  },
  {
    name: 'a 404 drops error.message',
    status: 404,
    mutate: (body) => {
      const { message: _message, ...error } = body.error ?? {};
      return { ...body, error };
    },
  },
  {
    name: 'current answers a number id',
    operationId: 'loginCurrent',
    status: 200,
    mutate: (body) => ({ ...body, result: { ...(body.result as object), id: 10001 } }),
  },
];

interface Interaction {
  description: string;
  request: { method: string; path: string };
  response: { status: number };
}
interface PactFile {
  interactions: Interaction[];
  [key: string]: unknown;
}

const operations = operationsOf(loadContract());
const pacts = pactFilesIn(PACT_DIR).map((file) => JSON.parse(readFileSync(file, 'utf8')) as PactFile);

/** The interactions of the pacts that the mutation breaks: the same operation and status. */
function targetsOf(mutation: Mutation): Interaction[] {
  const operation = mutation.operationId ? operations.get(mutation.operationId) : undefined;
  if (mutation.operationId && !operation) throw new Error(`no operation ${mutation.operationId} in the contract`);
  return pacts
    .flatMap((pact) => pact.interactions)
    .filter(
      (i) =>
        i.response.status === mutation.status &&
        (!operation || (i.request.path === operation.path && i.request.method.toUpperCase() === operation.method)),
    );
}

describe('mutated providers fail Pact verification', () => {
  let provider: RunningProvider;
  let active: Mutation | undefined;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'moyan-pact-mutations-'));
    provider = await startOurProvider({
      env: { VALIDATE_RESPONSES: 'false' },
      configure: (app) =>
        app.addHook('onSend', async (request, reply, payload) => {
          const mutation = active;
          if (!mutation || reply.statusCode !== mutation.status || typeof payload !== 'string') return payload;
          if (mutation.operationId && request.routeOptions.config.operationId !== mutation.operationId) return payload;
          return JSON.stringify(mutation.mutate(JSON.parse(payload) as Body));
        }),
    });
  });
  afterAll(async () => {
    await provider?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  // Only the interactions a run is about (each pact file cut down to them), so each run is short.
  const verify = async (name: string, interactions: Interaction[]) => {
    const pactUrls = pacts
      .map((pact, index) => ({ ...pact, interactions: pact.interactions.filter((i) => interactions.includes(i)), index }))
      .filter((pact) => pact.interactions.length > 0)
      .map(({ index, ...pact }) => {
        const file = join(folder, `${name.replace(/\W+/g, '-')}-${index}.json`);
        writeFileSync(file, JSON.stringify(pact));
        return file;
      });
    return verifyPacts({
      providerBaseUrl: provider.baseUrl,
      providerStatesSetupUrl: provider.statesUrl,
      pactUrls,
      logLevel: 'error',
    });
  };

  it('every mutation has interactions to break, and they pass against the unbroken server', async () => {
    const targets = [...new Set(MUTATIONS.flatMap(targetsOf))];
    for (const mutation of MUTATIONS) expect(targetsOf(mutation).length, mutation.name).toBeGreaterThan(0);
    active = undefined;
    const result = await verify('unmutated', targets);
    expect(result).toEqual({ passed: true, failing: [] });
  });

  it.each(MUTATIONS)('$name', async (mutation) => {
    const targets = targetsOf(mutation);
    active = mutation;
    try {
      const result = await verify(mutation.name, targets);
      expect(result.error).toBeUndefined();
      expect(result.passed).toBe(false);
      expect(result.failing.sort()).toEqual(targets.map((i) => i.description).sort());
    } finally {
      active = undefined;
    }
  });
});
