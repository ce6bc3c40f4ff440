import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseValidator } from './validators';
import { describeValidationError } from './validation-message';

type ResponseSchemas = Record<string, { content?: Record<string, { schema?: object }> }>;

/**
 * Outside production every JSON answer is checked against the contract before it is serialised, so a
 * handler returning the wrong shape fails its tests instead of being silently reshaped by the serializer.
 */
export async function validateResponses(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  checkResponse(request, reply.statusCode, payload);
  return payload;
}

/** Throws when `payload` breaks the route's contract for `statusCode` (a cached answer is checked once, when built). */
export function checkResponse(request: FastifyRequest, statusCode: number, payload: unknown): void {
  const responses = (request.routeOptions.schema as { response?: ResponseSchemas } | undefined)?.response;
  if (!responses) return;
  const entry = responses[String(statusCode)] ?? responses[`${String(statusCode)[0]}xx`];
  const schema = entry?.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = responseValidator(schema);
  if (!validate(payload)) {
    // A nullable field is an anyOf of null and its schema; the failed null branch says nothing useful.
    const errors = validate.errors ?? [];
    const first =
      errors.find((e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && e.params.type === 'null')) ?? errors[0];
    const where = first ? describeValidationError(first, 'body') : 'unknown';
    throw new Error(
      `Response of ${request.routeOptions.config.operationId ?? request.url} (${statusCode}) breaks the contract: ${where} (${JSON.stringify(validate.errors)})`,
    );
  }
}
