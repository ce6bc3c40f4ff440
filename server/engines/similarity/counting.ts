import type { Range } from '../text/split';

/** Prefix sums of counted characters restricted to a mask: chars(a, b) in O(1). */
export class MaskedCounter {
  private readonly sums: Uint32Array;

  constructor(prefix: Uint32Array, mask: Uint8Array) {
    this.sums = new Uint32Array(prefix.length);
    for (let i = 0; i < mask.length; i++) this.sums[i + 1] = this.sums[i] + (mask[i] ? prefix[i + 1] - prefix[i] : 0);
  }

  chars(start: number, end: number): number {
    return end > start ? this.sums[end] - this.sums[start] : 0;
  }

  get total(): number {
    return this.sums[this.sums.length - 1];
  }

  /** First offset at which `chars` characters have been counted. */
  offsetAt(chars: number): number {
    let lo = 0;
    let hi = this.sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sums[mid] < chars) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Counted characters of (non-overlapping, sorted) ranges clipped to [start, end). */
  within(ranges: readonly Range[], start = 0, end = Number.MAX_SAFE_INTEGER): number {
    let n = 0;
    for (let i = firstEndingAfter(ranges, start); i < ranges.length && ranges[i].start < end; i++) {
      n += this.chars(Math.max(start, ranges[i].start), Math.min(end, ranges[i].end));
    }
    return n;
  }
}

/** Index of the first range whose end lies after `offset` (ranges sorted and non-overlapping). */
export function firstEndingAfter(ranges: readonly Range[], offset: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted union of ranges. */
export function unionOf(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((x, y) => x.start - y.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
