/** A PostgreSQL array literal of integers, sent as one text parameter and cast with ::int[]. */
export function intArray(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}
