import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { alignPair, indexText } from './align';
import { DEFAULT_PARAMS } from './params';

const randomCodes = (length: number, random: () => number) =>
  Uint32Array.from({ length }, () => 0x4e00 + Math.floor(random() * 3000));

describe('alignPair', () => {
  // The checked text's k-grams pass through a bit filter sized to the text; whatever its size, no shared run is missed.
  it.each([40, 400, 5_000, 40_000])('finds every copied run in a checked text of %i characters', (length) => {
    const random = seededRandom(length);
    const paper = randomCodes(length, random);
    const copied: { a: number; b: number; length: number }[] = [];
    const parts: Uint32Array[] = [];
    let b = 0;
    for (let i = 0; i < 30; i++) {
      const filler = randomCodes(50 + Math.floor(random() * 200), random);
      const size = Math.min(length, 15 + Math.floor(random() * 30));
      const a = Math.floor(random() * (length - size + 1));
      parts.push(filler, paper.slice(a, a + size));
      copied.push({ a, b: b + filler.length, length: size });
      b += filler.length + size;
    }
    const source = new Uint32Array(b);
    parts.reduce((at, part) => (source.set(part, at), at + part.length), 0);

    const alignments = alignPair(indexText(paper, DEFAULT_PARAMS.k), source, DEFAULT_PARAMS);
    for (const c of copied) {
      const found = alignments.some((x) => x.bStart <= c.b && c.b + c.length <= x.bEnd && x.pieces.some((p) => p.b <= c.b && c.b + c.length <= p.b + p.length));
      expect(found, `run of ${c.length} at ${c.b}`).toBe(true);
    }
  });
});
