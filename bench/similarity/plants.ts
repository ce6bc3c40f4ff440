import { codePointLength } from '../../server/engines/text/code-points';
import { countChars } from '@common/char-count';
import { normalizeForMatching } from '../../server/engines/text/normalize';
import type { Abstract } from './corpus';
import { obfuscate, type Obfuscation } from './obfuscate';
import { between, pick } from './random';

/** A planted copy: [start, end) of the suspicious text came from [srcStart, srcEnd) of `src`. */
export interface Case {
  doc: string;
  start: number;
  end: number;
  src: string;
  srcStart: number;
  srcEnd: number;
}

export interface Suspicious {
  id: string;
  text: string;
  cases: Case[];
}

function key(codes: Uint32Array, at: number, n: number): string {
  return String.fromCodePoint(...codes.subarray(at, at + n));
}

/**
 * Sentences of the held-out abstracts that share no run of 13 normalised characters with any
 * source, so that only the planted passages are true copies.
 */
export function fillerSentences(heldOut: Abstract[], sources: Abstract[], t = 13): string[] {
  const grams = new Set<string>();
  for (const s of sources) {
    const { codes } = normalizeForMatching(s.text);
    for (let i = 0; i + t <= codes.length; i++) grams.add(key(codes, i, t));
  }
  const sentences = heldOut.flatMap((a) => a.text.match(/[^。！？；]+[。！？；]?/g) ?? []);
  return sentences.filter((sentence) => {
    const { codes } = normalizeForMatching(sentence);
    for (let i = 0; i + t <= codes.length; i++) if (grams.has(key(codes, i, t))) return false;
    return codes.length > 0;
  });
}

export interface PlantOptions {
  id: string;
  length: number;
  plants: number;
  level: Obfuscation;
  sources: Abstract[];
  filler: string[];
  random: () => number;
}

/** About `length` counted characters of filler sentences with source passages planted between them. */
export function buildSuspicious(o: PlantOptions): Suspicious {
  const plantEvery = o.length / (o.plants + 1);
  let text = '';
  let length = 0;
  let counted = 0;
  const cases: Case[] = [];
  const append = (part: string) => {
    text += part;
    length += codePointLength(part);
    counted += countChars(part);
  };
  for (let i = 0; counted < o.length; i++) {
    if (cases.length < o.plants && counted >= plantEvery * (cases.length + 1)) {
      const src = pick(o.sources, o.random);
      const chars = [...src.text];
      const size = Math.min(chars.length, between(60, 180, o.random));
      const srcStart = between(0, chars.length - size, o.random);
      const planted = obfuscate(chars.slice(srcStart, srcStart + size).join(''), o.level, o.random);
      const start = length;
      append(planted);
      cases.push({ doc: o.id, start, end: length, src: src.id, srcStart, srcEnd: srcStart + size });
    }
    append(pick(o.filler, o.random));
    if (i % 6 === 5) append('\n');
  }
  return { id: o.id, text, cases };
}
