import { readFileSync } from 'node:fs';
import { lint, loadConfig } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';

// Every call of spec section 7, as the spec lists them: [method, path]. POST unless the spec says GET.
const SPEC_CALLS: Array<[string, string]> = [
  // Login (5)
  ['post', '/api/base/login_api/f/login'],
  ['post', '/api/base/login_api/current'],
  ['get', '/api/base/account_info_api/account'],
  ['post', '/api/base/login_api/f/login_qr_code'],
  ['post', '/api/base/login_api/f/val_login_qr_code'],
  // Packages and orders (4)
  ['post', '/api/base/product_package_api/query_list'],
  ['post', '/api/base/product_package_api/load_by_id'],
  ['post', '/api/order/order_info_api/create_order'],
  ['post', '/api/order/order_info_api/load_by_id'],
  // Paragraph check (11)
  ...['query_list', 'word_count', 'delete', 'load_by_id', 'update_title', 'check_init', 'check_submit', 'check_cost',
    'check_machine_submit'].map((c): [string, string] => ['post', `/api/base/check_api/${c}`]),
  ['get', '/api/base/check_api/download_report'],
  ['get', '/api/base/check_api/report_paragraphs'],
  // paper_machine_api (15; its machine_api/check_order_id is machine_api's)
  ...['query_list', 'query_content_list', 'delete', 'load_by_id', 'load_content_by_id', 'word_count', 'machine_init',
    'machine_submit', 'reload', 'download', 'submit_check', 'reduction', 'check_machine_submit',
    'check_aigc_machine_submit', 'check_aigc_and_machine_submit'].map((c): [string, string] => [
    'post',
    `/api/base/paper_machine_api/${c}`,
  ]),
  // paper_aigc_api (13)
  ...['query_list', 'query_content_list', 'delete', 'load_by_id', 'load_content_by_id', 'word_count', 'machine_init',
    'machine_submit', 'check_order_id', 'reload', 'download_report', 'submit_check', 'aigc_machine_submit'].map(
    (c): [string, string] => ['post', `/api/base/paper_aigc_api/${c}`],
  ),
  // machine_api (10)
  ...['query_list', 'delete', 'load_by_id', 'word_count', 'machine_cnki_init', 'machine_init', 'machine_cnki_submit',
    'machine_submit', 'check_order_id'].map((c): [string, string] => ['post', `/api/base/machine_api/${c}`]),
  ['get', '/api/base/machine_api/download_report'],
  // paper_info_api (10)
  ...['query_paper_content', 'query_content_list', 'query_list', 'load_by_id', 'delete', 'reload', 'download',
    'load_other_by_id', 'paper_xueshu_submit', 'paper_submit'].map((c): [string, string] => [
    'post',
    `/api/base/paper_info_api/${c}`,
  ]),
  // chat_gpt_api (4)
  ...['query_list', 'completions', 'load_by_id', 'delete'].map((c): [string, string] => [
    'post',
    `/api/base/chat_gpt_api/${c}`,
  ]),
  // ai_paper_info_api (10)
  ...['generate_paper', 'query_list', 'delete', 'query_content_list', 'load_by_id', 'commit_paper', 'reload', 'download',
    'update_content', 'delete_content'].map((c): [string, string] => ['post', `/api/base/ai_paper_info_api/${c}`]),
  // Slide deck (7)
  ['post', '/api/base/ai_ppt_info_api/get_template_list'],
  ['post', '/api/base/ai_sys_config_api/f/load_all_by_entity'],
  ['post', '/api/base/ai_ppt_info_api/save_or_update'],
  ['post', '/api/base/ai_ppt_info_api/query_list'],
  ['post', '/api/base/ai_ppt_info_api/delete'],
  ['post', '/api/base/ai_sys_config_api/f/load_by_id'],
  ['post', '/api/base/ai_ppt_info_api/submit_by_id'],
];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ $ref?: string; in?: string; name?: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
  'x-moyan-extension'?: boolean;
  'x-moyan-read'?: boolean;
};
type Doc = {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { schemas: Record<string, Schema> };
};

let doc: Doc;
const operations: Array<{ method: string; path: string; op: Operation }> = [];

beforeAll(async () => {
  doc = JSON.parse(readFileSync('openapi/gen/openapi.json', 'utf8')) as Doc;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push({ method, path, op });
    }
  }
});

function resolve(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return doc.components.schemas[ref.replace('#/components/schemas/', '')];
}

/** Every schema node reachable from the components, with its JSON path. */
function walk(node: unknown, path: string, visit: (schema: Schema, path: string) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach((child, i) => walk(child, `${path}[${i}]`, visit));
    return;
  }
  const schema = node as Schema;
  if ('type' in schema) visit(schema, path);
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples') continue;
    walk(child, `${path}.${key}`, visit);
  }
}

describe('the OpenAPI document', () => {
  it('lints clean with redocly.yaml: no errors and no warnings', async () => {
    const config = await loadConfig({ configPath: 'redocly.yaml' });
    const problems = await lint({ ref: 'openapi/openapi.yaml', config });
    const where = (p: (typeof problems)[number]) => `${p.location[0]?.source.absoluteRef}#${p.location[0]?.pointer}`;
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${where(p)}: ${p.message}`)).toEqual([]);
  });

  it('has every call of spec section 7 with the right method', () => {
    expect(SPEC_CALLS).toHaveLength(89);
    const missing = SPEC_CALLS.filter(([method, path]) => !doc.paths[path]?.[method as 'get' | 'post']);
    expect(missing).toEqual([]);
  });

  it('marks every operation that is not in the spec as an extension', () => {
    const spec = new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`));
    const unmarked = operations
      .filter(({ method, path, op }) => !spec.has(`${method} ${path}`) && op['x-moyan-extension'] !== true)
      .map(({ method, path }) => `${method} ${path}`);
    expect(unmarked).toEqual([]);
  });

  it('names operations <area><Action>, uniquely, each with one tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => op.tags?.length !== 1).map(({ path }) => path)).toEqual([]);
  });

  it('leaves only the f/ calls and the health route public', () => {
    const publicPaths = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    expect(publicPaths.map(({ path }) => path).filter((p) => !p.includes('/f/') && p !== '/api/health')).toEqual([]);
    const fCalls = operations.filter(({ path }) => path.includes('/f/'));
    expect(fCalls.filter(({ op }) => op.security?.length !== 0).map(({ path }) => path)).toEqual([]);
  });

  it('wraps every JSON success in {success, result} and every failure in the error envelope', () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (response.$ref) {
          if (!response.$ref.startsWith('#/components/responses/')) problems.push(`${method} ${path} ${status}`);
          continue;
        }
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (!type.includes('json')) continue;
          const schema = resolve(media.schema);
          const required = (schema?.required as string[] | undefined) ?? [];
          const expected = status === '200' ? ['success', 'result'] : ['success', 'error'];
          if (!expected.every((k) => required.includes(k))) problems.push(`${method} ${path} ${status}`);
        }
      }
      if (!op.responses?.['200']) problems.push(`${method} ${path} has no 200`);
      if (!op.responses?.['500']) problems.push(`${method} ${path} has no 500`);
      const secured = !(Array.isArray(op.security) && op.security.length === 0);
      if (secured && !op.responses?.['401']) problems.push(`${method} ${path} has no 401`);
    }
    expect(problems).toEqual([]);
  });

  it('puts list paging in the query string', () => {
    const lists = operations.filter(({ path }) => path.endsWith('/query_list'));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const { op } of lists) {
      const names = (op.parameters ?? []).map((p) => p.name ?? p.$ref?.split('/').pop());
      expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^(pageNo|PageNo)$/)]));
    }
  });

  it('bounds every integer and every string', () => {
    const unbounded: string[] = [];
    walk(doc.components.schemas, 'schemas', (schema, path) => {
      if (schema.type === 'integer' && (schema.minimum === undefined || schema.maximum === undefined)) unbounded.push(path);
      const free = schema.type === 'string' && !schema.enum && !schema.format && schema.maxLength === undefined;
      if (free) unbounded.push(path);
      if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(path);
    });
    expect(unbounded).toEqual([]);
  });

  it('marks reading POST calls so orval generates query hooks for them', () => {
    const readers = operations.filter(({ op }) => op['x-moyan-read']).map(({ op }) => op.operationId);
    expect(readers).toEqual(expect.arrayContaining(['loginCurrent', 'checkQueryList', 'checkLoadById', 'checkWordCount']));
    const generated = readFileSync('src/api/gen/check/check.ts', 'utf8');
    expect(generated).toContain('export function useCheckQueryList');
    expect(generated).toContain('export const useCheckCheckInit = ');
    expect(generated).not.toContain('export function useCheckCheckInit');
  });
});
