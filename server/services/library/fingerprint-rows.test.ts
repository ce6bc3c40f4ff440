import { describe, expect, it } from 'vitest';
import { fingerprintRows } from './fingerprint-rows';

const doc = (num: number, hashes: number[]) => ({
  num,
  fingerprints: {
    hashes: Int32Array.from(hashes),
    positions: Uint32Array.from(hashes, (_, i) => i * 10),
    before: hashes.map((_, i) => `b${num}.${i}`),
    after: hashes.map((_, i) => `a${num}.${i}`),
  },
});

describe('fingerprintRows', () => {
  it('puts the rows in hash order, each with its document, position and contexts', () => {
    const { rows } = fingerprintRows([doc(7, [30, -5, 2_000_000_000]), doc(8, [-2_147_483_648, 30])]);
    expect(Array.from(rows.hashes)).toEqual([-2_147_483_648, -5, 30, 30, 2_000_000_000]);
    expect(Array.from(rows.docs)).toEqual([8, 7, 7, 8, 7]);
    expect(Array.from(rows.positions)).toEqual([0, 10, 0, 10, 20]);
    expect(rows.before).toEqual(['b8.0', 'b7.1', 'b7.0', 'b8.1', 'b7.2']);
    expect(rows.after).toEqual(['a8.0', 'a7.1', 'a7.0', 'a8.1', 'a7.2']);
  });

  it('counts a document once for a hash it holds in several contexts', () => {
    const { rows, counts } = fingerprintRows([doc(1, [4, 9, 4, 4]), doc(2, [9, 4]), doc(3, [9])]);
    expect(rows.hashes.length).toBe(7);
    expect(Array.from(counts.hashes)).toEqual([4, 9]);
    expect(Array.from(counts.counts)).toEqual([2, 3]);
  });

  it('sorts batches too large for the packed sort keys', () => {
    const half = 2 ** 20 + 2;
    const bulk = (num: number, from: number) => {
      const hashes = Int32Array.from({ length: half }, (_, i) => (Math.imul(from + i, 2_654_435_761) >>> 0) % 1000);
      return { num, fingerprints: { hashes, positions: new Uint32Array(half), before: new Array<string>(half).fill(''), after: new Array<string>(half).fill('') } };
    };
    const { rows, counts } = fingerprintRows([bulk(1, 0), bulk(2, half)]);
    expect(rows.hashes.length).toBeGreaterThanOrEqual(2 ** 21);
    for (let i = 1; i < rows.hashes.length; i++) if (rows.hashes[i] < rows.hashes[i - 1]) throw new Error(`out of order at ${i}`);
    expect(counts.hashes.length).toBe(1000);
    expect(Array.from(counts.counts).every((n) => n === 2)).toBe(true);
  });
});
