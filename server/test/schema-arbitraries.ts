import fc from 'fast-check';

// fast-check arbitraries from the contract's (OpenAPI 3.0) schemas, for the fuzz test of every
// operation: values the schema admits, and values a hostile client sends instead.

export interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  nullable?: boolean;
}

/** A copy of node with every local `$ref` (#/components/...) replaced by what it points at. */
export function dereference<T>(node: T, root: object, done = new Map<string, unknown>()): T {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root, done)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (!done.has(ref)) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
      const copy = {};
      done.set(ref, copy);
      Object.assign(copy, dereference(target, root, done));
    }
    return done.get(ref) as T;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, root, done)])) as T;
}

/** allOf flattened into one schema (properties and required lists merged). */
export function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = [{ ...schema, allOf: undefined }, ...schema.allOf.map(flatten)];
  return parts.reduce<Schema>(
    (acc, part) => ({
      ...acc,
      ...part,
      properties: { ...acc.properties, ...part.properties },
      required: [...(acc.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );
}

// Text as users type it: Chinese, Latin, digits, punctuation and the odd emoji.
const textUnit = fc.oneof(
  fc.constantFrom(...'论文查重题目作者摘要研究方法结论本文提出一种新的'),
  fc.constantFrom(...'abcxyzABC0189 _-.,@'),
  fc.constantFrom('，', '。', '😀', '\n'),
);

/** Values the schema admits (bounded in size, so a run stays quick). */
export function validValue(input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = flatten(input);
  let value: fc.Arbitrary<unknown>;
  if (schema.enum) value = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') value = validString(schema);
  else if (schema.type === 'integer' || schema.type === 'number') {
    value = fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1) });
  } else if (schema.type === 'boolean') value = fc.boolean();
  else if (schema.type === 'array') {
    const maxLength = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
    value = depth > 4 ? fc.constant([]) : fc.array(validValue(schema.items ?? {}, depth + 1), { minLength: schema.minItems ?? 0, maxLength });
  } else if (schema.properties) value = validObject(schema, depth);
  else value = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.option(value, { nil: null, freq: 10 }) : value;
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  // A run of one character class (^[A-Za-z0-9_-]+$) is drawn at the schema's lengths: filtering stringMatching's
  // mostly short strings down to a minLength of 32 never ends. Any other pattern is filtered by length.
  const run = schema.pattern && /^\^(\[[^\]]+\])([+*])\$$/.exec(schema.pattern);
  if (run) return fc.string({ unit: fc.stringMatching(new RegExp(`^${run[1]}$`)), minLength: run[2] === '+' ? Math.max(min, 1) : min, maxLength: max });
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ unit: textUnit, minLength: min, maxLength: max });
}

function validObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (depth > 4) return fc.constant({});
  const model = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(property, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in model) });
}

// What a hostile client puts where a value belongs, by kind.
const NUL = ['a\u0000b', '\u0000', '论文\u0000题目'];
const LONE_SURROGATES = ['x\ud800', '\udc00y', '\ud83d'];
const ODD_STRINGS = [
  '',
  ' ',
  '%00',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\u202e\u200b\ufeff',
  '😀'.repeat(50),
  'null',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
];
const EDGE_NUMBERS = [-1, 0, 0.5, -2147483649, 2147483648, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER];
const WRONG_TYPES: unknown[] = [null, true, false, {}, [], { a: 1 }, [1, 2, 3], [[[[[]]]]], JSON.parse('{"__proto__":{"polluted":true}}')];

export function hostileValue(input: Schema): fc.Arbitrary<unknown> {
  const schema = flatten(input);
  const overLong = (schema.maxLength ?? 1000) + 1;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...NUL) },
    { weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS, ...(schema.maximum !== undefined ? [schema.maximum + 1] : [])) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.constantFrom('长'.repeat(overLong), 'a'.repeat(overLong)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  );
}

/**
 * An object valid for its schema except, half the time, one field: replaced by a hostile value, or left out.
 * A request wrong in one place at a time gets past the checks of all the others.
 */
export function oneFieldWrong(input: Schema): fc.Arbitrary<Record<string, unknown>> {
  const schema = flatten(input);
  const names = Object.keys(schema.properties ?? {});
  const valid = validValue({ ...schema, type: 'object' }) as fc.Arbitrary<Record<string, unknown>>;
  if (names.length === 0) return valid;
  return fc
    .record({
      value: valid,
      name: fc.constantFrom(...names),
      change: fc.oneof(
        { weight: 3, arbitrary: fc.constant('none' as const) },
        { weight: 2, arbitrary: fc.constant('hostile' as const) },
        { weight: 1, arbitrary: fc.constant('missing' as const) },
      ),
    })
    .chain(({ value, name, change }) => {
      if (change === 'none') return fc.constant(value);
      if (change === 'missing') return fc.constant(Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)));
      return hostileValue(schema.properties?.[name] ?? {}).map((bad) => ({ ...value, [name]: bad }));
    });
}
