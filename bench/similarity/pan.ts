import type { Case } from './plants';

export interface PanMeasures {
  precision: number;
  recall: number;
  granularity: number;
  plagdet: number;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function detects(r: Case, s: Case): boolean {
  return (
    r.doc === s.doc &&
    r.src === s.src &&
    overlap(r.start, r.end, s.start, s.end) > 0 &&
    overlap(r.srcStart, r.srcEnd, s.srcStart, s.srcEnd) > 0
  );
}

/** Length of the union of ranges clipped to [from, to). */
function covered(ranges: [number, number][], from: number, to: number): number {
  const clipped = ranges
    .map(([a, b]): [number, number] => [Math.max(a, from), Math.min(b, to)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = from;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/**
 * Character-level precision, recall, granularity and plagdet of Potthast et al. (2010), counting
 * characters of both the suspicious and the source document.
 */
export function panMeasures(cases: Case[], detections: Case[]): PanMeasures {
  const recallParts = cases.map((s) => {
    const hits = detections.filter((r) => detects(r, s));
    const got =
      covered(hits.map((r) => [r.start, r.end]), s.start, s.end) +
      covered(hits.map((r) => [r.srcStart, r.srcEnd]), s.srcStart, s.srcEnd);
    return { share: got / (s.end - s.start + s.srcEnd - s.srcStart), detections: hits.length };
  });
  const precisionParts = detections.map((r) => {
    const truth = cases.filter((s) => detects(r, s));
    const got =
      covered(truth.map((s) => [s.start, s.end]), r.start, r.end) +
      covered(truth.map((s) => [s.srcStart, s.srcEnd]), r.srcStart, r.srcEnd);
    return got / (r.end - r.start + r.srcEnd - r.srcStart);
  });
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const recall = mean(recallParts.map((p) => p.share));
  const precision = mean(precisionParts);
  const detected = recallParts.filter((p) => p.detections > 0);
  const granularity = detected.length ? mean(detected.map((p) => p.detections)) : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, granularity, plagdet: f1 / Math.log2(1 + granularity) };
}
