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
        segments.push({
          aStart: start,
          aEnd: a,
          bStart: sourcePosition(alignment, start),
          bEnd: Math.max(sourcePosition(alignment, a - 1) + 1, sourcePosition(alignment, start) + 1),
          source,
        });
        start = -1;
      }
    }
    claimed.fill(1, alignment.aStart, alignment.aEnd);
  }
  return segments.sort((x, y) => x.aStart - y.aStart);
}
