import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isUploadedFile } from './multipart';

// OpenAPI 3.0 schemas: `nullable`, `example`, `format: password|binary` and x- extensions are not
// JSON Schema, so strict mode is off and the two formats are declared as always valid.
function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, ...options });
  addFormats(ajv);
  ajv.addFormat('password', true);
  ajv.addFormat('binary', true);
  // A multipart upload field (server/http/multipart.ts relaxMultipartSchemas).
  ajv.addKeyword({
    keyword: 'uploadedFile',
    schemaType: 'boolean',
    validate: (expected: boolean, data: unknown) => !expected || isUploadedFile(data),
    errors: false,
  });
  return ajv;
}

// Query strings and multipart fields arrive as text and are coerced ("10" -> 10); a JSON body must
// carry the right types ({"pageSize": "10"} is an error, not a number).
const requests = { useDefaults: true, removeAdditional: true } as const;
const coercing = createAjv({ ...requests, coerceTypes: 'array' });
const strictTypes = createAjv({ ...requests, coerceTypes: false });
// Answers are checked as they are: nothing coerced, defaulted or removed.
const responses = createAjv();

export function requestValidator(schema: object, httpPart: string | undefined, contentType?: string): ValidateFunction {
  const json = httpPart === 'body' && (contentType === undefined || contentType.includes('json'));
  const validate = (json ? strictTypes : coercing).compile(schema);
  if (httpPart !== 'body') return validate;
  // An empty body reaches the validator as null (browsers send POSTs with a JSON type and no body); the
  // route's preValidation hook has already refused a missing body where the contract requires one.
  const present = ((data: unknown) => data === undefined || data === null || validate(data)) as ValidateFunction;
  Object.defineProperty(present, 'errors', { get: () => validate.errors });
  return present;
}

const responseCache = new WeakMap<object, ValidateFunction>();

// OpenAPI 3.0 `nullable: true` admits null whatever else the schema says (allOf of a $ref, enum), as the
// generated types read it (`T | null`); Ajv's own `nullable` only widens `type`.
function widenNullable(schema: unknown, done = new WeakMap<object, unknown>()): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (done.has(schema)) return done.get(schema);
  if (Array.isArray(schema)) return schema.map((item) => widenNullable(item, done));
  const out: Record<string, unknown> = {};
  done.set(schema, out);
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'enum' ? value : widenNullable(value, done);
  if (out.nullable !== true) return out;
  delete out.nullable;
  return { anyOf: [{ type: 'null' }, out] };
}

export function responseValidator(schema: object): ValidateFunction {
  let validate = responseCache.get(schema);
  if (!validate) {
    validate = responses.compile(widenNullable(schema) as object);
    responseCache.set(schema, validate);
  }
  return validate;
}
