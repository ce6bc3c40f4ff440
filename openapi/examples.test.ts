import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

// Every example in the bundled contract (schema and property examples, request, response, parameter and
// header examples) must be valid against the schema it illustrates, so a reader, a renderer's "try it" and
// a mock built from examples never show what the server would refuse.

type Node = Record<string, unknown>;
const doc = JSON.parse(readFileSync('openapi/gen/openapi.json', 'utf8')) as Node;

/**
 * OpenAPI 3.0.3 `nullable: true` admits null (also beside `allOf`, as this document uses it), but an
 * `enum` at the same node keeps its meaning: it must list null for null to be valid.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'example' || key === 'examples' || key === 'enum' ? value : toJsonSchema(value);
  }
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) return out;
  return { anyOf: [{ type: 'null' }, out] };
}

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addFormat('password', true);
ajv.addSchema(toJsonSchema(doc) as Node, 'openapi.json');

const pointer = (path: string[]) => path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface Example {
  where: string;
  value: unknown;
  schema: ValidateFunction;
}

/** Every example with the schema it must satisfy. Example values themselves are not searched. */
function collectExamples(node: unknown, path: string[], found: Example[]): Example[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    node.forEach((child, i) => collectExamples(child, [...path, String(i)], found));
    return found;
  }
  const object = node as Node;
  // A media type, parameter or header carries its schema under `schema`; a schema is its own.
  const schemaPath = 'schema' in object ? [...path, 'schema'] : path;
  const validator = () => ajv.compile({ $ref: `openapi.json#/${pointer(schemaPath)}` });
  // Under `properties` the keys are property names, so a property called "example" is a schema, not an example.
  const propertyMap = path[path.length - 1] === 'properties';
  if ('example' in object && !propertyMap) {
    found.push({ where: `#/${pointer(path)}/example`, value: object.example, schema: validator() });
  }
  if ('schema' in object && object.examples && typeof object.examples === 'object') {
    for (const [name, example] of Object.entries(object.examples as Record<string, { value?: unknown }>)) {
      found.push({ where: `#/${pointer(path)}/examples/${name}`, value: example.value, schema: validator() });
    }
  }
  for (const [key, child] of Object.entries(object)) {
    if (!propertyMap && (key === 'example' || key === 'examples' || key.startsWith('x-'))) continue;
    collectExamples(child, [...path, key], found);
  }
  return found;
}

const examples = collectExamples(doc, [], []);

describe('examples in the contract', () => {
  it('finds the examples of every kind', () => {
    const kinds = new Set(
      examples.map(({ where }) =>
        where.includes('/requestBody/') ? 'request' : where.includes('/parameters/') ? 'parameter' : where.includes('/headers/') ? 'header' : where.includes('/content/') ? 'response' : 'schema',
      ),
    );
    expect([...kinds].sort()).toEqual(['header', 'parameter', 'request', 'response', 'schema']);
    expect(examples.length).toBeGreaterThan(200);
  });

  it('are valid against their own schema', () => {
    const invalid = examples
      .filter(({ value, schema }) => !schema(value))
      .map(({ where, schema }) => `${where}: ${ajv.errorsText(schema.errors)}`);
    expect(invalid).toEqual([]);
  });

  it('would catch an example that breaks its enum', () => {
    const record = examples.find(({ where }) => where === '#/components/schemas/CheckRecord/example');
    expect(record).toBeDefined();
    const broken = { ...(record?.value as Node), rewriteMode: 'polish' };
    expect(record?.schema(broken)).toBe(false);
    expect(record?.schema({ ...(record.value as Node), rewriteMode: null })).toBe(true);
  });

  it('lists null in every nullable enum, as OpenAPI 3.0.3 requires for null to be valid', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Node;
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) missing.push(path);
      for (const [key, child] of Object.entries(schema)) {
        if (key !== 'example' && key !== 'examples') visit(child, `${path}/${key}`);
      }
    };
    visit(doc, '#');
    expect(missing).toEqual([]);
  });

  it('has an example for every request body (on the body or on the schema it names)', () => {
    const schemas = (doc.components as { schemas: Record<string, Node> }).schemas;
    const named = (schema: unknown) => {
      const ref = (schema as { $ref?: string } | undefined)?.$ref;
      return ref ? schemas[ref.split('/').pop() ?? ''] : undefined;
    };
    const missing: string[] = [];
    for (const item of Object.values(doc.paths as Record<string, Record<string, Node>>)) {
      for (const op of Object.values(item)) {
        const content = (op.requestBody as { content?: Record<string, Node> } | undefined)?.content ?? {};
        for (const [type, media] of Object.entries(content)) {
          const exampled = 'example' in media || media.examples || 'example' in (named(media.schema) ?? {});
          if (!exampled) missing.push(`${String(op.operationId)} ${type}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
