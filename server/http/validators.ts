import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// OpenAPI 3.0 schemas: `nullable`, `example`, `format: password|binary` and x- extensions are not
// JSON Schema, so strict mode is off and the two formats are declared as always valid.
function createAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
  });
  addFormats(ajv);
  ajv.addFormat('password', true);
  ajv.addFormat('binary', true);
  return ajv;
}

// Query strings and multipart fields arrive as text and are coerced ("10" -> 10); a JSON body must
// carry the right types ({"pageSize": "10"} is an error, not a number).
const coercing = createAjv('array');
const strictTypes = createAjv(false);
const responses = new Ajv({ strict: false, allErrors: false });
addFormats(responses);
responses.addFormat('password', true);
responses.addFormat('binary', true);

export function requestValidator(schema: object, httpPart: string | undefined, contentType?: string): ValidateFunction {
  const json = httpPart === 'body' && (contentType === undefined || contentType.includes('json'));
  return (json ? strictTypes : coercing).compile(schema);
}

const responseCache = new WeakMap<object, ValidateFunction>();

export function responseValidator(schema: object): ValidateFunction {
  let validate = responseCache.get(schema);
  if (!validate) {
    validate = responses.compile(schema);
    responseCache.set(schema, validate);
  }
  return validate;
}
