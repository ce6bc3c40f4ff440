import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A reader of the contract (or of the generated JSDoc) should never have to guess a field's unit or an
// enum's meaning: every property carries a description, its own or that of the schema it refers to.

type Schema = Record<string, unknown>;
const doc = JSON.parse(readFileSync('openapi/gen/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};

function described(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (typeof schema.description === 'string' && schema.description.trim() !== '') return true;
  if (typeof schema.$ref === 'string') return described(doc.components.schemas[schema.$ref.split('/').pop() ?? '']);
  const allOf = schema.allOf as Schema[] | undefined;
  return allOf?.length === 1 && described(allOf[0]);
}

/** The {success, result | error} envelope is explained once, in info.description. */
const isEnvelope = (properties: Record<string, Schema>) =>
  'success' in properties && ('result' in properties || 'error' in properties);

function undescribed(node: unknown, path: string, found: string[]): string[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    node.forEach((child, i) => undescribed(child, `${path}/${i}`, found));
    return found;
  }
  for (const [key, child] of Object.entries(node as Schema)) {
    if (key === 'example' || key === 'examples') continue;
    if (key === 'properties' && child && typeof child === 'object') {
      const properties = child as Record<string, Schema>;
      for (const [name, schema] of Object.entries(properties)) {
        const envelope = isEnvelope(properties) && (name === 'success' || name === 'result');
        if (!envelope && !described(schema)) found.push(`${path}/properties/${name}`);
      }
    }
    undescribed(child, `${path}/${key}`, found);
  }
  return found;
}

describe('descriptions in the contract', () => {
  it('describe every property', () => {
    expect(undescribed(doc.components.schemas, '#/components/schemas', [])).toEqual([]);
    expect(undescribed(doc.paths, '#/paths', [])).toEqual([]);
  });

  it('describe every operation with more than its summary', () => {
    const thin = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => typeof op.description !== 'string' || op.description.length < 20 || op.description === op.summary)
      .map((op) => op.operationId);
    expect(thin).toEqual([]);
  });
});
