import { describe, expect, it } from 'vitest';
import { fromCodePoints, toCodePoints } from '../text/code-points';
import { checkText } from './check';
import { fingerprintText } from './fingerprint';
import { kgramHashes } from './hash';
import { libraryDoc } from './fixtures/load';
import { MemoryLibrary } from './memory-library';
import { DEFAULT_PARAMS, windowSize } from './params';
import { winnow } from './winnow';

/** Deterministic random Chinese text: no two independent texts share even a few characters in a row. */
function randomHan(length: number, seed: number): string {
  let state = seed >>> 0;
  const codes = Array.from({ length }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return 0x4e00 + (state % 20000);
  });
  return fromCodePoints(codes);
}

describe('kgramHashes', () => {
  it('gives a k-gram the same hash wherever it occurs (rolling hash = direct hash)', () => {
    const text = toCodePoints(randomHan(60, 1));
    const rolling = kgramHashes(text, 6);
    for (let i = 0; i < rolling.length; i++) expect(rolling[i]).toBe(kgramHashes(text.subarray(i, i + 6), 6)[0]);
  });
});

describe('winnow', () => {
  it('selects the rightmost minimum of every window', () => {
    const hashes = kgramHashes(toCodePoints(randomHan(400, 2)), 6);
    const w = 8;
    const selected = new Set(winnow(hashes, w).positions);
    for (let s = 0; s + w <= hashes.length; s++) {
      let min = s;
      for (let i = s; i < s + w; i++) if (hashes[i] <= hashes[min]) min = i;
      expect(selected.has(min)).toBe(true);
    }
  });

  it('keeps about 2 / (w + 1) of the k-grams', () => {
    const { fingerprints, normalized } = fingerprintText(randomHan(20_000, 3));
    const density = fingerprints.hashes.length / normalized.codes.length;
    expect(density).toBeGreaterThan(1.6 / (windowSize(DEFAULT_PARAMS) + 1));
    expect(density).toBeLessThan(2.4 / (windowSize(DEFAULT_PARAMS) + 1));
  });

  it('guarantees a shared fingerprint for every shared run of t = 13 characters', () => {
    for (let trial = 0; trial < 300; trial++) {
      const shared = randomHan(13, 1000 + trial);
      const a = randomHan(trial % 50, 5000 + trial) + shared + randomHan(30, 7000 + trial);
      const b = randomHan((trial * 7) % 40, 9000 + trial) + shared + randomHan(5, 11_000 + trial);
      const fa = new Set(fingerprintText(a).fingerprints.hashes);
      expect(fingerprintText(b).fingerprints.hashes.some((h) => fa.has(h))).toBe(true);
    }
  });
});

describe('the t = 13 threshold end to end', () => {
  async function found(runLength: number, seed: number): Promise<number> {
    const run = randomHan(runLength, seed);
    const lib = new MemoryLibrary();
    lib.add(libraryDoc('src', `${randomHan(40, seed + 1)}${run}${randomHan(40, seed + 2)}`));
    const report = await checkText(`${randomHan(35, seed + 3)}${run}${randomHan(35, seed + 4)}`, lib);
    return report.figures.matchedChars;
  }

  it('finds every run of exactly 13 characters', async () => {
    for (let seed = 0; seed < 60; seed++) expect(await found(13, seed * 10)).toBe(13);
  });

  it('does not report a lone run of 12 characters', async () => {
    for (let seed = 0; seed < 60; seed++) expect(await found(12, seed * 10)).toBe(0);
  });
});
