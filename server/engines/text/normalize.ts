import * as OpenCC from 'opencc-js';
import { toCodePoints } from './code-points';

/**
 * Matching form of a text: NFKC (full/half width), traditional -> simplified, lower case, and only
 * letters and digits kept. `origins[i]` is the code point offset in the original text of `codes[i]`.
 */
export interface NormalizedText {
  codes: Uint32Array;
  origins: Uint32Array;
}

const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
const KEEP = /[\p{L}\p{N}]/u;

// Per code point: 0 unknown, 1 dropped, cp + 2 a single replacement, -1 several (in `multi`).
const single = new Int32Array(0x110000);
const multi = new Map<number, number[]>();

function mapCodePoint(cp: number): number[] {
  const ch = String.fromCodePoint(cp);
  const converted = toSimplified(ch.normalize('NFKC')).toLowerCase();
  const out: number[] = [];
  for (const c of converted) if (KEEP.test(c)) out.push(c.codePointAt(0)!);
  return out;
}

function lookup(cp: number): number {
  let v = single[cp];
  if (v === 0) {
    const mapped = mapCodePoint(cp);
    if (mapped.length === 0) v = 1;
    else if (mapped.length === 1) v = mapped[0] + 2;
    else {
      v = -1;
      multi.set(cp, mapped);
    }
    single[cp] = v;
  }
  return v;
}

export function normalizeForMatching(input: string | Uint32Array): NormalizedText {
  const src = typeof input === 'string' ? toCodePoints(input) : input;
  let codes = new Uint32Array(src.length + 8);
  let origins = new Uint32Array(src.length + 8);
  let n = 0;
  for (let i = 0; i < src.length; i++) {
    const v = lookup(src[i]);
    if (v === 1) continue;
    if (v > 1) {
      codes[n] = v - 2;
      origins[n++] = i;
      continue;
    }
    const mapped = multi.get(src[i])!;
    if (n + mapped.length + (src.length - i) > codes.length) {
      const grow = codes.length * 2 + mapped.length;
      const c2 = new Uint32Array(grow);
      const o2 = new Uint32Array(grow);
      c2.set(codes);
      o2.set(origins);
      codes = c2;
      origins = o2;
    }
    for (const c of mapped) {
      codes[n] = c;
      origins[n++] = i;
    }
  }
  return { codes: codes.slice(0, n), origins: origins.slice(0, n) };
}
