import { sourcePosition, type Alignment } from './align';

export interface SourceAlignment {
  source: number;
  alignment: Alignment;
}

/** A piece of the checked text (normalised coordinates) attributed to exactly one source. */
export interface Segment {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  source: number;
  alignment: Alignment;
}

function segment(source: number, alignment: Alignment, aStart: number, aEnd: number): Segment {
  const bStart = sourcePosition(alignment, aStart);
  return { aStart, aEnd, bStart, bEnd: Math.max(sourcePosition(alignment, aEnd - 1) + 1, bStart + 1), source, alignment };
}

/** The part of a segment inside [aStart, aEnd), with its source range, or null when they do not meet. */
export function clipSegment(seg: Segment, aStart: number, aEnd: number): Segment | null {
  const start = Math.max(seg.aStart, aStart);
  const end = Math.min(seg.aEnd, aEnd);
  if (end <= start) return null;
  return start === seg.aStart && end === seg.aEnd ? seg : segment(seg.source, seg.alignment, start, end);
}

/**
 * Gives every matched character of the checked text to one source: alignments with the most
 * exactly matched characters claim first, later ones keep only what is still unclaimed.
 */
export function resolveSegments(found: SourceAlignment[], length: number): Segment[] {
  const claimed = new Uint8Array(length);
  const ordered = [...found].sort(
    (x, y) => y.alignment.exact - x.alignment.exact || x.alignment.aStart - y.alignment.aStart,
  );
  const segments: Segment[] = [];
  for (const { source, alignment } of ordered) {
    let start = -1;
    for (let a = alignment.aStart; a <= alignment.aEnd; a++) {
      const free = a < alignment.aEnd && claimed[a] === 0;
      if (free && start < 0) start = a;
      if (!free && start >= 0) {
        segments.push(segment(source, alignment, start, a));
        start = -1;
      }
    }
    claimed.fill(1, alignment.aStart, alignment.aEnd);
  }
  return segments.sort((x, y) => x.aStart - y.aStart);
}
