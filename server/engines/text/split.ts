/** A half-open range [start, end) of code point offsets. */
export interface Range {
  start: number;
  end: number;
}

const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);
const SPACES = new Set([0x09, 0x20, 0xa0, 0x1680, 0x202f, 0x205f, 0x3000, 0xfeff]);
const STOPS = new Set([...'。！？；!?;…'].map((c) => c.codePointAt(0)!));
const PERIODS = new Set([0x2e, 0xff0e]);
const CLOSERS = new Set([...'”’」』）)】]》〉"\''].map((c) => c.codePointAt(0)!));
const MARKER_OPEN = new Set([0x5b, 0xff3b]);
const MARKER_CLOSE = new Set([0x5d, 0xff3d]);
const MARKER_INNER = /^[0-9０-９,，\-–—、\s]$/u;

export function isSpace(cp: number): boolean {
  return SPACES.has(cp) || (cp >= 0x2000 && cp <= 0x200b);
}

function trim(codes: Uint32Array, start: number, end: number): Range | null {
  while (start < end && (isSpace(codes[start]) || LINE_BREAKS.has(codes[start]))) start++;
  while (end > start && (isSpace(codes[end - 1]) || LINE_BREAKS.has(codes[end - 1]))) end--;
  return start < end ? { start, end } : null;
}

/** Every non-blank line is a paragraph, without its surrounding whitespace. */
export function splitParagraphs(codes: Uint32Array): Range[] {
  const out: Range[] = [];
  let start = 0;
  for (let i = 0; i <= codes.length; i++) {
    if (i === codes.length || LINE_BREAKS.has(codes[i])) {
      const range = trim(codes, start, i);
      if (range) out.push(range);
      start = i + 1;
    }
  }
  return out;
}

function isDigit(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0x30 && cp <= 0x39) || (cp >= 0xff10 && cp <= 0xff19));
}

/** Length of a citation marker such as [3] or [1,4-6] starting at `i`, or 0. */
export function markerLength(codes: Uint32Array, i: number, limit: number): number {
  if (!MARKER_OPEN.has(codes[i])) return 0;
  let j = i + 1;
  let digits = 0;
  while (j < limit && j - i <= 24 && MARKER_INNER.test(String.fromCodePoint(codes[j]))) {
    if (isDigit(codes[j])) digits++;
    j++;
  }
  return digits > 0 && j < limit && MARKER_CLOSE.has(codes[j]) ? j + 1 - i : 0;
}

function endsSentence(codes: Uint32Array, i: number, end: number): boolean {
  const cp = codes[i];
  if (STOPS.has(cp)) return true;
  if (!PERIODS.has(cp)) return false;
  const next = i + 1 < end ? codes[i + 1] : undefined;
  return next === undefined || isSpace(next) || next > 0x2e7f || CLOSERS.has(next);
}

/** Sentences of one paragraph (Chinese 。！？； and English .!?;), closing quotes and [n] markers kept. */
export function splitSentences(codes: Uint32Array, paragraph: Range): Range[] {
  const out: Range[] = [];
  let start = paragraph.start;
  let i = paragraph.start;
  while (i < paragraph.end) {
    if (!endsSentence(codes, i, paragraph.end)) {
      i++;
      continue;
    }
    let j = i + 1;
    for (;;) {
      if (j < paragraph.end && (STOPS.has(codes[j]) || CLOSERS.has(codes[j]))) j++;
      else if (j < paragraph.end && markerLength(codes, j, paragraph.end) > 0) j += markerLength(codes, j, paragraph.end);
      else break;
    }
    const range = trim(codes, start, j);
    if (range) out.push(range);
    start = j;
    i = j;
  }
  const rest = trim(codes, start, paragraph.end);
  if (rest) out.push(rest);
  return out;
}
