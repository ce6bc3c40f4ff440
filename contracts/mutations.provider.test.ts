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
  /** Only the interactions whose answer holds a time. */
  withTimes?: boolean;
  /** A provider that answers differently but within the contract: verification must pass. */
  right?: boolean;
  mutate(body: Body): unknown;
}

// How our server writes every time; the date-time cases rewrite each one as another server might.
const OUR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function rewriteTimes(value: unknown, rewrite: (time: Date) => string): unknown {
  if (typeof value === 'string') return OUR_TIME.test(value) ? rewrite(new Date(value)) : value;
  if (Array.isArray(value)) return value.map((item) => rewriteTimes(item, rewrite));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteTimes(item, rewrite)]));
  return value;
}

/** `2026-11-22T16:30:00+08:00`: Beijing time, an offset instead of Z, whole seconds (what a Java or Go server may write). */
function beijingTime(time: Date): string {
  return `${new Date(time.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
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
  // The contract says format: date-time (RFC 3339); the pacts must accept every such time and nothing else.
  {
    name: 'times in Beijing time with an offset and whole seconds pass',
    status: 200,
    withTimes: true,
    right: true,
    mutate: (body) => rewriteTimes(body, beijingTime),
  },
  {
    name: 'times with microseconds pass',
    status: 200,
    withTimes: true,
    right: true,
    mutate: (body) => rewriteTimes(body, (time) => time.toISOString().replace('Z', '000Z')),
  },
  {
    name: 'times without a zone fail',
    status: 200,
    withTimes: true,
    mutate: (body) => rewriteTimes(body, (time) => time.toISOString().slice(0, 19).replace('T', ' ')),
  },
];

interface Interaction {
  description: string;
  request: { method: string; path: string };
  response: { status: number; body?: unknown; matchingRules?: { body?: Record<string, { matchers: Array<{ min?: number }> }> } };
}
interface PactFile {
  interactions: Interaction[];
  [key: string]: unknown;
}

const operations = operationsOf(loadContract());
const pacts = pactFilesIn(PACT_DIR).map((file) => JSON.parse(readFileSync(file, 'utf8')) as PactFile);

/**
 * Whether the answer is sure to hold a time: one inside a list the pact lets be empty (min 0, as a fresh
 * workbench's rechecks) is only an example, and the provider may rightly answer none.
 */
function holdsTime(value: unknown, path: string, rules: Record<string, { matchers: Array<{ min?: number }> }>): boolean {
  if (typeof value === 'string') return OUR_TIME.test(value);
  if (Array.isArray(value)) return !rules[path]?.matchers.some((m) => m.min === 0) && value.some((item) => holdsTime(item, `${path}[*]`, rules));
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => holdsTime(item, `${path}.${key}`, rules));
  return false;
}

/** The answer's JSON (a V4 pact keeps it under `content`, beside its content type). */
const bodyOf = (i: Interaction) => {
  const body = i.response.body as { content?: unknown } | undefined;
  return body && typeof body === 'object' && 'content' in body ? body.content : body;
};

/** The interactions of the pacts that the mutation breaks: the same operation and status. */
function targetsOf(mutation: Mutation): Interaction[] {
  const operation = mutation.operationId ? operations.get(mutation.operationId) : undefined;
  if (mutation.operationId && !operation) throw new Error(`no operation ${mutation.operationId} in the contract`);
  return pacts
    .flatMap((pact) => pact.interactions)
    .filter(
      (i) =>
        i.response.status === mutation.status &&
        (!mutation.withTimes || holdsTime(bodyOf(i), '$', i.response.matchingRules?.body ?? {})) &&
        (!operation || (i.request.path === operation.path && i.request.method.toUpperCase() === operation.method)),
    );
}

describe('mutated providers fail Pact verification (and providers within the contract pass)', () => {
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
          // A big answer kept serialised (a report, the workbench: server/http/answer-cache.ts) comes as bytes.
          const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
          if (!mutation || reply.statusCode !== mutation.status || typeof text !== 'string') return payload;
          if (mutation.operationId && request.routeOptions.config.operationId !== mutation.operationId) return payload;
          return JSON.stringify(mutation.mutate(JSON.parse(text) as Body));
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
      if (mutation.right) {
        expect(result).toEqual({ passed: true, failing: [] });
      } else {
        expect(result.passed).toBe(false);
        expect(result.failing.sort()).toEqual(targets.map((i) => i.description).sort());
      }
    } finally {
      active = undefined;
    }
  });
});
