/** A PostgreSQL array literal of integers, sent as one text parameter and cast with ::int[]. */
export function intArray(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}

/**
 * A PostgreSQL array literal of strings (each quoted, so none is read as NULL), cast with ::text[]. The values are
 * joined on NUL, which PostgreSQL text cannot hold, so quotes and backslashes are escaped in one pass over the whole.
 */
export function textArray(values: string[]): string {
  if (!values.length) return '{}';
  if (values.some((v) => v.includes('\0'))) throw new Error('PostgreSQL text cannot contain NUL');
  return `{"${values.join('\0').replace(/["\\]/g, '\\$&').replaceAll('\0', '","')}"}`;
}
