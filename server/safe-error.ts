import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What of an error may reach the logs: its kind, codes, the database's identifiers (table, column,
 * constraint) and a message with every double-quoted part blanked. Never a failed query's parameters,
 * a database error's detail or where clause, nor the request's own text: drizzle's DrizzleQueryError
 * puts the parameters (a whole paper's text) into its message, PostgreSQL quotes the offending value in
 * its (`invalid input syntax for type uuid: "…"`), and pino's standard serializer logs every property.
 * (A type, not an interface: pino's serializer types want an object with an index signature.)
 */
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  /** PostgreSQL's fields that name schema objects, never values. */
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** The SQL of a failed drizzle query: placeholders ($1), not values. */
  query?: string;
  /** The stack's frames under the safe message. */
  stack: string;
  cause?: SafeError;
};

const SAFE = Symbol('safe-error');
const MAX_MESSAGE = 300;
const MAX_QUERY = 1000;
const DB_FIELDS = ['severity', 'table', 'column', 'constraint', 'routine'] as const;

export function safeError(error: unknown, depth = 0): SafeError {
  if (typeof error === 'object' && error !== null && SAFE in error) return error as unknown as SafeError;
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return mark({ type: typeof error, message: '(a non-error value was thrown)', stack: '' });
  }
  const e = error as Error & Record<string, unknown>;
  // drizzle's errors keep the name "Error"; their class says more.
  const named = typeof e.name === 'string' && e.name !== '' && e.name !== 'Error' ? e.name : undefined;
  const type = named ?? e.constructor?.name ?? 'Error';
  const drizzleQuery = error instanceof DrizzleQueryError;
  const message = drizzleQuery ? 'Failed query' : blankQuoted(String(e.message ?? ''));
  const out: SafeError = { type, message, stack: `${type}: ${message}${framesOf(e.stack)}` };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code).slice(0, 40);
  if (isDatabaseError(e)) {
    for (const field of DB_FIELDS) if (typeof e[field] === 'string') out[field] = (e[field] as string).slice(0, 100);
  }
  if (drizzleQuery) out.query = error.query.slice(0, MAX_QUERY);
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return mark(out);
}

// pg's DatabaseError and PGlite's both carry PostgreSQL's severity and five-character SQLSTATE.
function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

function blankQuoted(message: string): string {
  const firstLine = message.split('\n', 1)[0];
  return firstLine.replace(/"[^"]*"/g, '"…"').slice(0, MAX_MESSAGE);
}

// The stack's first line repeats the message (with the parameters, for a drizzle error); keep the frames.
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const at = stack.indexOf('\n    at ');
  return at === -1 ? '' : stack.slice(at);
}

function mark(value: SafeError): SafeError {
  Object.defineProperty(value, SAFE, { value: true, enumerable: false });
  return value;
}
