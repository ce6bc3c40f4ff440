import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callMock } from '@/test/call-mock';
import { fillerStrings } from '@/test/latin-filler';
import { signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';
import { consistent } from './consistency';
import { generatedHandlers } from './generated-handlers';
import { handlers } from './handlers';

// Every operation of the contract, asked of the mocked server as the app asks it (signed in, id 1): each
// JSON answer reads as the product (no Latin filler), holds every property its schema declares (a property
// added to the contract reaches the hand-written stateful handlers too, or LEFT_OUT says why not) and, where a
// generated handler answers, is already consistent (settling it again changes nothing).

setupMockServer();

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };
type Operation = {
  operationId: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  parameters?: Array<{ name?: string; required?: boolean; in?: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Json = Record<string, unknown>;

const contract = JSON.parse(readFileSync('openapi/gen/openapi.json', 'utf8')) as { paths: unknown; components: { schemas: Record<string, Schema> } };

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(contract.components.schemas[schema.$ref.split('/').pop() as string]) : schema);

/** The properties a schema declares, its allOf parts' included. */
function propertiesOf(schema: Schema): Record<string, Schema> {
  const resolved = resolve(schema);
  return Object.assign({}, ...(resolved.allOf ?? []).map(propertiesOf), resolved.properties);
}

/**
 * Every property the contract declares for an answer that the answer leaves out, as a path: a property added
 * to a schema must reach the hand-written (stateful) handlers too, not only the generated ones.
 */
function missingProperties(schema: Schema, value: unknown, path = '$'): string[] {
  const resolved = resolve(schema);
  if (Array.isArray(value)) return resolved.items ? value.flatMap((item, index) => missingProperties(resolved.items as Schema, item, `${path}[${index}]`)) : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(propertiesOf(resolved)).flatMap(([key, property]) =>
    key in value ? missingProperties(property, (value as Json)[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** Properties the mocked answers leave out on purpose, with why (the server leaves them out the same way). */
const LEFT_OUT = new Map<string, string>([
  ...['aiPptInfoLoadById', 'aiPptInfoSaveOrUpdate'].flatMap((operationId) =>
    ['columnTitles', 'table', 'chart'].map((key): [string, string] => [
      `${operationId} $.result.slides[].${key}`,
      'only a slide of the two-column, table or chart layout carries it (optional in PptSlide)',
    ]),
  ),
  ...['paperMachineQueryContentList', 'paperAigcQueryContentList'].map((operationId): [string, string] => [
    `${operationId} $.result.records[].sentences[].reason`,
    'only a kept sentence says why it was kept (optional in SentenceStatus)',
  ]),
]);

const operations = Object.entries(contract.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => method === 'get' || method === 'post')
    .map(([method, operation]) => ({ path, method: method.toUpperCase() as 'GET' | 'POST', operation })),
);

function enumValuesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => enumValuesOf(child, found));
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(child)) child.filter((v) => typeof v === 'string').forEach((v) => found.add(v));
      else enumValuesOf(child, found);
    }
  }
  return found;
}
const ENUM_VALUES = enumValuesOf(contract);

/** The query an operation gets: id 1, the first page, and any other required parameter. */
function queryOf(operation: Operation): string {
  const query = new URLSearchParams({ id: /[dD]elete/.test(operation.operationId) ? '12' : '1', pageNo: '1', pageSize: '10' });
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required && parameter.name && !query.has(parameter.name)) query.set(parameter.name, 'zhangsan');
  }
  return query.toString();
}

/** The generated handler that answers `method path` first, if no hand-written override comes before it. */
function generatedAnswers(method: string, path: string): boolean {
  const first = handlers.find((handler) => {
    const info = handler.info as { method?: unknown; path?: unknown };
    return info.method === method && info.path === `*${path}`;
  });
  return first !== undefined && generatedHandlers.includes(first);
}

/** Deletions next to last and signing out (it ends the token) last, so every other call finds record 1 and a valid token. */
const last = ({ operation }: { operation: Operation }) => (/Logout/.test(operation.operationId) ? 2 : Number(/[dD]elete/.test(operation.operationId)));
const ordered = [...operations].sort((a, b) => last(a) - last(b));

describe('mocked answers of every operation', () => {
  it('read as the product: Chinese text, no Latin filler, and generated answers already consistent', async () => {
    const token = await signIn();
    const answered: string[] = [];
    const filler: string[] = [];
    const unsettled: string[] = [];
    const absent: string[] = [];
    for (const { path, method, operation } of ordered) {
      const example = operation.requestBody?.content?.['application/json']?.example;
      // A body that names a record names record 1 (or 12), as the query does.
      const body = example && typeof example === 'object' && 'id' in example ? { ...example, id: new URLSearchParams(queryOf(operation)).get('id') } : example;
      const response = await fetch(new URL(`${path}?${queryOf(operation)}`, window.location.origin), {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      if (response.status !== 200 || !response.headers.get('Content-Type')?.includes('application/json')) continue;
      const json = (await response.json()) as Json;
      answered.push(operation.operationId);
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (schema) absent.push(...missingProperties(schema, json).map((at) => `${operation.operationId} ${at}`).filter((at) => !LEFT_OUT.has(at.replace(/\[\d+\]/g, '[]'))));
      filler.push(...fillerStrings(json, ENUM_VALUES, operation.operationId));
      if (generatedAnswers(method, path) && JSON.stringify(consistent(json)) !== JSON.stringify(json)) unsettled.push(operation.operationId);
    }
    // A charging call answers 200 only for a draft of the caller's (record 1 is finished: 409, as the server
    // refuses it); their paid answers are walked in src/components/charge/charge-confirm.test.tsx.
    const charging = operations.filter(({ operation }) => (operation as { 'x-moyan-charges'?: boolean })['x-moyan-charges']).map(({ operation }) => operation.operationId);
    expect(charging.length).toBeGreaterThan(10);
    expect(answered.filter((id) => !charging.includes(id)).length).toBeGreaterThan((operations.length - charging.length) * 0.7);
    expect(filler).toEqual([]);
    expect(unsettled).toEqual([]);
    expect([...new Set(absent.map((at) => at.replace(/\[\d+\]/g, '[]')))]).toEqual([]);
  }, 120_000);

  it('flags Latin filler where it would show', () => {
    expect(fillerStrings({ title: 'xQzvbnTr', status: 'done', id: 'ABCDEFGH', note: '导出 Word 文档' }, ENUM_VALUES)).toEqual(['$.title: xQzvbnTr']);
  });
});

describe('consistency of the mocked records', () => {
  const list = async <T,>(base: string, token: string, body?: unknown) =>
    (await callMock<{ records: T[] }>(`/api/base/${base}/query_list?pageNo=1&pageSize=100`, { token, body })).body.result.records;

  it('gives figures only to finished records, and finished records figures that differ', async () => {
    const token = await signIn();
    const checks = await list<{ status: string; figures: { totalRatio: number; matchedChars: number; totalChars: number } | null; error: string | null }>('check_api', token);
    const aigc = await list<{ status: string; aiCharRatio: number | null; band: string | null }>('paper_aigc_api', token);
    const rewrites = await list<{ status: string; similarityAfter: number | null }>('paper_machine_api', token);
    for (const check of checks) {
      expect(check.figures === null).toBe(check.status !== 'done');
      expect(check.error === null).toBe(check.status !== 'failed');
      if (check.figures) expect(check.figures.matchedChars).toBeLessThanOrEqual(check.figures.totalChars);
    }
    expect(new Set(checks.filter((c) => c.figures).map((c) => c.figures?.totalRatio)).size).toBeGreaterThan(2);
    for (const record of aigc) expect(record.aiCharRatio === null).toBe(record.status !== 'done');
    for (const record of aigc) expect(record.band === null).toBe(record.status !== 'done');
    for (const record of rewrites) expect(record.similarityAfter === null).toBe(record.status !== 'done');
  });

  it('keeps counts within their totals', async () => {
    const token = await signIn();
    for (const record of await list<{ paragraphTotal: number; paragraphRewritten: number; paragraphAccepted: number }>('paper_machine_api', token)) {
      expect(record.paragraphRewritten).toBeLessThanOrEqual(record.paragraphTotal);
      expect(record.paragraphAccepted).toBeLessThanOrEqual(record.paragraphRewritten);
    }
    for (const paper of await list<{ sectionsDone: number; sectionCount: number; progress: number; status: string }>('ai_paper_info_api', token)) {
      expect(paper.sectionsDone).toBeLessThanOrEqual(paper.sectionCount);
      expect(paper.progress === 100).toBe(paper.status === 'done');
    }
    for (const deck of await list<{ slideCount: number; pageCount: number; slides: unknown[] }>('ai_ppt_info_api', token)) {
      expect(deck.slides).toHaveLength(deck.slideCount);
      expect(deck.slideCount).toBeLessThanOrEqual(deck.pageCount);
    }
  });
});
