export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export const fmt = {
  ms: (ms: number) => `${ms.toFixed(0)} ms`,
  n: (n: number) => n.toLocaleString('en-US'),
  p: (x: number) => x.toFixed(3),
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
};
