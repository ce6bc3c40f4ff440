import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../model-server';

// The bench's papers: a long one that shares passages with the 比对库 (bench/fairness imports the similarity
// fixtures source-a and source-b), a 1 KB one, and one with chapters for a slide deck.
const fixture = (path: string) => readFileSync(join(root, path), 'utf8').trim();
const SOURCE_A = fixture('server/engines/similarity/fixtures/source-a.txt');
const SOURCE_B = fixture('server/engines/similarity/fixtures/source-b.txt');
const OWN = fixture('server/engines/similarity/fixtures/own-words.txt');

/** About `chars` characters in paragraphs of the student's own words with a passage of the library in each. */
export function bigPaper(chars: number): string {
  const sources = [SOURCE_A, SOURCE_B];
  const paragraphs: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const source = [...sources[i % 2]];
    const from = (i * 37) % Math.max(1, source.length - 120);
    const paragraph = `第${i + 1}段。${OWN}${source.slice(from, from + 120).join('')}`;
    paragraphs.push(paragraph);
    length += [...paragraph].length;
  }
  return paragraphs.join('\n');
}

/** About 1 000 characters. */
export const ONE_KB = [...`${OWN}${SOURCE_A}${OWN}`.repeat(2)].slice(0, 1000).join('');

/** A short thesis with chapters, for a deck drafted offline. */
export const DECK_PAPER = fixture('server/engines/slides/fixtures/paper.txt');
