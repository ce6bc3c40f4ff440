/** A PostgreSQL array literal of integers, sent as one text parameter and cast with ::int[]. */
export function intArray(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}

/** A PostgreSQL array literal of strings (each quoted, so none is read as NULL), cast with ::text[]. */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
