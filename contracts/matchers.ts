import { MatchersV3 } from '@pact-foundation/pact';

// Matchers every interaction shares: the envelopes, ids, times and enums, pinned the way the UI relies on them.
const { atLeastLike, like, regex } = MatchersV3;

/**
 * Any RFC 3339 date-time, as the contract's `format: date-time` says (DateTime in openapi/components/common.yaml):
 * a zone (Z or an offset) required, fractions of a second optional and of any length. Ours writes UTC with
 * milliseconds; a Java or Go server writing +00:00 or whole seconds is as right, and the UI parses either.
 */
export const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$';

/** An opaque id: any string (ids vary by provider and run). */
export const anyId = (example = '01JD3Q8V4N5K2M7P9R6T8W0XYZ') => like(example);

/** A point in time: any RFC 3339 date-time. */
export const isoTime = (example = '2026-11-22T08:30:00.000Z') => regex(RFC3339, example);

/** One of an enum's values: the UI maps each to a label or a branch, so an unknown value breaks it. */
export const oneOf = (values: readonly string[], example: string = values[0]) => regex(`^(${values.join('|')})$`, example);

/** Text shown to the user: a string with Chinese in it. */
export const chinese = (example: string) => regex('^[\\s\\S]*\\p{Han}[\\s\\S]*$', example);

/** An array that may be empty, each element like the template. */
export const listOf = <T>(template: T) => atLeastLike(template, 0, 1);

/** The success envelope: the mutator unwraps `result`, so both keys are always pinned. */
export const ok = (result: unknown) => ({ success: true, result });

/** The failure envelope: the UI shows `error.message` and branches on the status (and sometimes the code). */
export const failure = (code: unknown, message: string) => ({
  success: false,
  error: { code: typeof code === 'string' ? regex('^[A-Z][A-Z0-9_]*$', code) : code, message: chinese(message) },
});

export const TASK_STATUSES = ['draft', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
