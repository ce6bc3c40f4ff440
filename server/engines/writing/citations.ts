// The citation check: a paper may cite [n] only for the references the user supplied (1..count). Every
// citation mark in generated text is checked; a number that points to no supplied reference is removed,
// and where a mark is left with nothing the place is marked [待补充参考文献] for the student to fill in.

export const MISSING_CITATION = '[待补充参考文献]';

const MARK = /[[［]\s*(\d{1,4}(?:\s*[-–—~,，、]\s*\d{1,4})*)\s*[\]］]/gu;

export interface CitationCheck {
  text: string;
  /** The numbers that pointed to no supplied reference, in order of appearance (repeats kept). */
  removed: number[];
  /** The supplied references cited, sorted. */
  cited: number[];
}

function expand(body: string): number[] {
  const out: number[] = [];
  for (const part of body.split(/\s*[,，、]\s*/)) {
    const range = /^(\d+)\s*[-–—~]\s*(\d+)$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      // A range is expanded only when it is sane; a huge one counts as its two ends.
      if (b >= a && b - a <= 50) for (let n = a; n <= b; n++) out.push(n);
      else out.push(a, b);
    } else if (/^\d+$/.test(part)) out.push(Number(part));
  }
  return out;
}

/** Writes numbers back as a mark, runs of three or more as a range: [1-3,5]. */
function mark(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(','));
    i = j + 1;
  }
  return `[${parts.join(',')}]`;
}

export function checkCitations(text: string, referenceCount: number): CitationCheck {
  const removed: number[] = [];
  const cited = new Set<number>();
  const out = text.replace(MARK, (_whole, body: string) => {
    const numbers = expand(body);
    const valid = numbers.filter((n) => n >= 1 && n <= referenceCount);
    const invalid = numbers.filter((n) => n < 1 || n > referenceCount);
    removed.push(...invalid);
    valid.forEach((n) => cited.add(n));
    if (valid.length === 0) return MISSING_CITATION;
    return invalid.length > 0 ? `${mark(valid)}${MISSING_CITATION}` : mark(valid);
  });
  return { text: out, removed, cited: [...cited].sort((a, b) => a - b) };
}

/**
 * A model sometimes appends its own 参考文献 list or repeats the heading: both go (the list in the paper
 * is always the user's). Applied before the citation check.
 */
export function stripModelArtifacts(text: string, heading: string): string {
  let out = text.replace(/\r\n/g, '\n');
  const listAt = out.search(/\n\s*(?:#+\s*)?(?:参考文献|References|REFERENCES|引用文献)\s*[:：]?\s*\n/);
  if (listAt >= 0) out = out.slice(0, listAt);
  const lines = out.split('\n');
  const bare = (s: string) => s.replace(/^#+\s*/, '').replace(/\*\*/g, '').replace(/\s+/g, '').trim();
  while (lines.length > 0 && (bare(lines[0]) === '' || bare(lines[0]) === bare(heading))) lines.shift();
  return lines
    .map((l) => l.replace(/^#{1,6}\s+/, '').replace(/\*\*(.+?)\*\*/g, '$1'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
