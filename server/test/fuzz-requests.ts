import fc from 'fast-check';
import type { OperationInfo } from '../http/contract';
import { hostileValue, oneFieldWrong, type Schema, validValue } from './schema-arbitraries';

// Requests for one operation of the contract, generated from its schemas: query strings, JSON and
// multipart bodies both valid-ish and hostile, malformed bodies and wrong media types, with a valid
// token, none, or a forged one.

export interface FuzzRequest {
  /** Already encoded, without the leading '?'. */
  query: string;
  body?: { contentType?: string; payload: string | Buffer };
  auth: 'valid' | 'none' | 'forged';
}

interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

/** Ids the app handed out so far (harvested from answers), so requests also reach real records. */
export type IdPool = string[];

export function requestFor(info: OperationInfo, ids: IdPool): fc.Arbitrary<FuzzRequest> {
  const { json, multipart } = bodySchemas(info);
  const body = json ? jsonBody(json, ids) : multipart ? multipartBody(multipart, ids) : noBody();
  return fc.record({
    query: fc
      .tuple(withKnownIds(oneFieldWrong(querySchema(info)), ids), fc.constantFrom(...RAW_QUERY))
      .map(([values, raw]) => encodeQuery(values) + raw),
    body,
    auth: fc.constantFrom<FuzzRequest['auth']>('valid', 'valid', 'valid', 'valid', 'none', 'forged'),
  });
}

/**
 * One request per text field of the operation (query parameter, JSON or form field) with U+0000 in
 * that field and valid values elsewhere, signed in: run first, so every field is tried whatever the
 * random runs draw.
 */
export function nulInEachField(info: OperationInfo, seed: number): FuzzRequest[] {
  const { json, multipart } = bodySchemas(info);
  const query = querySchema(info);
  const sample = (schema: Schema) => fc.sample(validValue({ ...schema, type: 'object' }), { seed, numRuns: 1 })[0] as Record<string, unknown>;
  const validQuery = sample(query);
  const form = multipart ? textFieldsOf(multipart) : undefined;
  const validBody = json ? sample(json) : form ? sample(form) : undefined;
  const encodeBody = (value: Record<string, unknown> | undefined): FuzzRequest['body'] =>
    value === undefined ? undefined : json ? toJson(value) : toForm(value, undefined);
  const requests: FuzzRequest[] = Object.keys(query.properties ?? {}).map((name) => ({
    query: encodeQuery({ ...validQuery, [name]: 'a\u0000b' }),
    body: encodeBody(validBody),
    auth: 'valid',
  }));
  for (const name of Object.keys((json ?? form)?.properties ?? {})) {
    requests.push({ query: encodeQuery(validQuery), body: encodeBody({ ...validBody, [name]: 'a\u0000b' }), auth: 'valid' });
  }
  return requests;
}

function bodySchemas(info: OperationInfo): { json?: Schema; multipart?: Schema } {
  const content = (info.operation.requestBody?.content ?? {}) as Record<string, { schema?: Schema }>;
  return { json: content['application/json']?.schema, multipart: content['multipart/form-data']?.schema };
}

function querySchema(info: OperationInfo): Schema {
  const query = ((info.operation.parameters ?? []) as Parameter[]).filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
    required: query.filter((p) => (p as { required?: boolean }).required).map((p) => p.name),
  };
}

// Now and then an id field holds the id of a record the app really has.
function withKnownIds<T extends Record<string, unknown>>(values: fc.Arbitrary<T>, ids: IdPool): fc.Arbitrary<T> {
  return fc.tuple(values, fc.nat(), fc.boolean()).map(([value, pick, use]) => {
    if (!use || ids.length === 0) return value;
    const known = Object.keys(value).filter((key) => /(^id$|Id$)/.test(key));
    return { ...value, ...Object.fromEntries(known.map((key) => [key, ids[pick % ids.length]])) };
  });
}

// Query strings arrive as text; these fragments are what no encoder would produce.
const RAW_QUERY = ['', '', '', '', '', '&x=%', '&id=%zz', '&%00=1', '&id=%ED%A0%80', '&pageNo=1&pageNo=2', '&=&&=', '&__proto__[a]=1'];

function encodeQuery(values: Record<string, unknown>): string {
  return Object.entries(values)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${encodeLoosely(name)}=${encodeLoosely(asText(item))}`))
    .join('&');
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Percent-encoding that also encodes a lone surrogate (as its WTF-8 bytes) instead of throwing. */
function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

const RAW_BODIES: Array<FuzzRequest['body']> = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { contentType: 'application/json', payload: '{"a":"\\ud800","b":"\\u0000"}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: undefined, payload: '{}' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
];

const toJson = (value: unknown): FuzzRequest['body'] => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? '' });

function jsonBody(schema: Schema, ids: IdPool): fc.Arbitrary<FuzzRequest['body']> {
  return fc.oneof(
    { weight: 6, arbitrary: withKnownIds(oneFieldWrong(schema), ids).map(toJson) },
    { weight: 1, arbitrary: hostileValue(schema).map(toJson) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

function noBody(): fc.Arbitrary<FuzzRequest['body']> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) });
}

// Small files, so that parsing stays quick: text, random bytes, and the starts of a PDF and a .docx
// (zip) with garbage after them.
const fileData = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'论文查重正文内容。abc '), maxLength: 200 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([Buffer.from('%PDF-1.4\n'), b])),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), b])),
  fc.constant(Buffer.alloc(0)),
);
const fileName = fc.constantFrom('论文.docx', 'paper.pdf', 'a.txt', '', '../../etc/passwd', 'a\u0000.txt', `${'长'.repeat(300)}.txt`);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function textFieldsOf(schema: Schema): Schema {
  const properties = Object.entries(schema.properties ?? {}).filter(([, property]) => property.format !== 'binary');
  return { ...schema, properties: Object.fromEntries(properties), required: schema.required?.filter((name) => name !== 'file') };
}

function multipartBody(schema: Schema, ids: IdPool): fc.Arbitrary<FuzzRequest['body']> {
  const fileFields = Object.entries(schema.properties ?? {}).filter(([, s]) => s.format === 'binary').map(([name]) => name);
  const file = fc.option(
    fc.record({
      name: fc.constantFrom(...(fileFields.length > 0 ? fileFields : ['file'])),
      // Without a file name the part is a text field under the file's name.
      filename: fc.option(fileName, { nil: undefined, freq: 4 }),
      value: fileData,
    }),
    { nil: undefined, freq: 3 },
  );
  const form = fc.tuple(withKnownIds(oneFieldWrong(textFieldsOf(schema)), ids), file).map(([values, upload]) => toForm(values, upload));
  const malformed = fc.constantFrom<FuzzRequest['body']>(
    { contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
    { contentType: 'multipart/form-data; boundary=other', payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nt\r\n--x--\r\n' },
    { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nt' },
    { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: `--${'b'.repeat(300)}--\r\n` },
    { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nt\r\n--x--\r\n' },
  );
  return fc.oneof(
    { weight: 6, arbitrary: form },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

function toForm(values: Record<string, unknown>, upload: Part | undefined): FuzzRequest['body'] {
  const parts: Part[] = Object.entries(values).map(([name, value]) => ({ name, value: asText(value) }));
  if (upload) parts.push(upload);
  return encodeForm('fuzzBoundary', parts);
}

function encodeForm(boundary: string, parts: Part[]): FuzzRequest['body'] {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]) };
}

/**
 * A request for the operation with valid values everywhere and `id` in every id field (`id`, `…Id`) of
 * its query and body, signed in; undefined when the operation addresses nothing by id. Used by the
 * authorization pass of the contract fuzz: another user's id in every place an id goes.
 */
export function requestWithId(info: OperationInfo, id: string, seed: number): FuzzRequest | undefined {
  const { json, multipart } = bodySchemas(info);
  const query = querySchema(info);
  const form = multipart ? textFieldsOf(multipart) : undefined;
  const sample = (schema: Schema) => fc.sample(validValue({ ...schema, type: 'object' }), { seed, numRuns: 1 })[0] as Record<string, unknown>;
  const idFields = (schema: Schema | undefined) => Object.keys(schema?.properties ?? {}).filter((key) => /(^id$|Id$)/.test(key));
  const withId = (values: Record<string, unknown>, schema: Schema | undefined) => ({ ...values, ...Object.fromEntries(idFields(schema).map((key) => [key, id])) });
  const bodySchema = json ?? form;
  if (idFields(query).length === 0 && idFields(bodySchema).length === 0) return undefined;
  const body = bodySchema ? withId(sample(bodySchema), bodySchema) : undefined;
  return {
    query: encodeQuery(withId(sample(query), query)),
    body: body === undefined ? undefined : json ? toJson(body) : toForm(body, undefined),
    auth: 'valid',
  };
}
