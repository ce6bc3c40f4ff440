import { diffChars } from '@common/char-diff';

/** A replaced stretch: characters [from, to) of the original (code points) become `text`. */
export interface Hunk {
  from: number;
  to: number;
  text: string;
}

/** Same text this short between two changes joins them into one, so a revision reads 年来 → 些年, not 年(来)…(些). */
const JOIN_GAP = 2;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * The character diff of two texts (as code points) as hunks, the common start and end cut off first (long
 * paragraphs stay within the diff's limit). Hunks a letter or two apart are joined, as a student reads and
 * accepts changes word by word, when `canJoin(from, to)` allows the stretch to be written again.
 */
export function hunksOf(before: string[], after: string[], canJoin: (from: number, to: number) => boolean = () => true): Hunk[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const hunks: Hunk[] = [];
  let at = head;
  let current: Hunk | null = null;
  for (const piece of diffChars(before.slice(head, before.length - tail).join(''), after.slice(head, after.length - tail).join(''))) {
    const length = Array.from(piece.text).length;
    if (piece.kind === 'same') {
      current = null;
      at += length;
      continue;
    }
    if (!current) {
      current = { from: at, to: at, text: '' };
      hunks.push(current);
    }
    if (piece.kind === 'removed') {
      current.to += length;
      at += length;
    } else current.text += piece.text;
  }
  const joined: Hunk[] = [];
  for (const hunk of hunks) {
    const last = joined[joined.length - 1];
    const gap = last ? before.slice(last.to, hunk.from) : [];
    if (last && gap.length <= JOIN_GAP && gap.every((c) => WORD_CHARACTER.test(c)) && canJoin(last.from, hunk.to)) {
      joined[joined.length - 1] = { from: last.from, to: hunk.to, text: last.text + gap.join('') + hunk.text };
    } else joined.push(hunk);
  }
  return joined;
}
