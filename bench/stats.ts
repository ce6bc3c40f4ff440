/** The sample at quantile q (0-1) of `values`: the sorted value at floor(q * n), the last for q = 1. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const median = (values: number[]) => quantile(values, 0.5);
