import { COLLOQUIAL, CONNECTIVES, FUNCTION_WORDS, TEMPLATES } from './lexicon';
import { PhraseMatcher } from './phrases';

// What the model sees of one sentence: a few interpretable measurements (dense, standardised with the
// training set's means) and hashed character n-grams with a shape sequence of clause lengths and
// punctuation (sparse). Everything works on code points, never on UTF-16 units.
//
// Typing habits that say nothing about who wrote a text are normalised away first, so the model cannot
// learn them from the training data and then hold them against a student: half-width punctuation in
// Chinese text reads as full-width (，。；：？！（）), spaces are dropped, digits fold into one symbol,
// and the closing 。！？ of a sentence is not looked at (a paper ends every sentence with one).

/** Interpretable measurements of a sentence, in this order in the feature vector. */
export const DENSE_FEATURES = [
  'length', // log(1 + code points)
  'commaRate', // ， 、 per character
  'clauseMean', // log mean clause length between marks
  'clauseSpread', // relative spread of clause lengths inside the sentence
  'digits', // share of digits
  'latin', // share of Latin letters
  'cjk', // share of CJK characters
  'connectives', // ordered connectives (首先, 此外, 综上所述 ...) per 100 characters
  'templates', // assistant set phrases (建议您, 一般来说, 有助于 ...) per 100 characters
  'colloquial', // modal particles and informal marks per 100 characters
  'functionWords', // 的/了/是 ... per character
  'de', // 的 per character
  'firstPerson', // 我/我们
  'secondPerson', // 你/您
  'quotes', // “” 《》 「」
  'brackets', // （） 【】
  'questionExclaim', // ？ ！ inside the sentence or at its end
  // Typography, measured on the text as typed (the n-grams above see it normalised):
  'halfWidth', // share of half-width marks among the marks of a sentence with Chinese in it
  'spaces', // spaces inside the sentence
  'terminal', // ends with 。！？ (or . ! ?)
  'bareEnd', // ends with a letter, digit or Chinese character (no closing mark)
] as const;
export type DenseFeature = (typeof DENSE_FEATURES)[number];

export const DENSE_INDEX = Object.fromEntries(DENSE_FEATURES.map((name, i) => [name, i])) as Record<DenseFeature, number>;
export const DENSE = DENSE_FEATURES.length;
export const HASH_BITS = 18;
export const HASH_SIZE = 1 << HASH_BITS;
export const FEATURE_SIZE = DENSE + HASH_SIZE;

/** One sentence's features: dense values (raw, before standardisation) and hashed n-gram slots with weights. */
export interface SentenceFeatures {
  dense: Float64Array;
  slots: Int32Array;
  values: Float32Array;
}

const connectives = new PhraseMatcher(CONNECTIVES);
const templates = new PhraseMatcher(TEMPLATES);
const colloquial = new PhraseMatcher(COLLOQUIAL);
const functionWords = new Set(FUNCTION_WORDS.map((w) => w.codePointAt(0)!));

const cps = (s: string) => new Set([...s].map((c) => c.codePointAt(0)!));
const TERMINAL = cps('。！？');
const CLAUSE_MARKS = cps('，、；：。！？…');
const COMMAS = cps('，、');
const QUOTES = cps('“”‘’「」『』《》');
const BRACKETS = cps('（）【】');
const QE = cps('？！');
const CP = { de: 0x7684, wo: 0x6211, ni: 0x4f60, nin: 0x60a8 } as const;

/** Half-width marks read as their full-width forms (between two Latin letters or digits they stay). */
const FULL_WIDTH: Record<number, number> = {
  0x2c: 0xff0c, // , ，
  0x2e: 0x3002, // . 。
  0x3b: 0xff1b, // ; ；
  0x3a: 0xff1a, // : ：
  0x3f: 0xff1f, // ? ？
  0x21: 0xff01, // ! ！
  0x28: 0xff08, // ( （
  0x29: 0xff09, // ) ）
  0x5b: 0x3010, // [ 【
  0x5d: 0x3011, // ] 】
  0x22: 0x201c, // " “
};

export const enum Kind {
  Han = 1,
  Digit = 2,
  Latin = 3,
  Space = 4,
  Mark = 5,
}

function classify(cp: number): Kind {
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x3134f) || (cp >= 0xf900 && cp <= 0xfaff)) return Kind.Han;
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0xff10 && cp <= 0xff19)) return Kind.Digit;
  if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xff21 && cp <= 0xff3a) || (cp >= 0xff41 && cp <= 0xff5a)) return Kind.Latin;
  if (cp === 0x20 || cp === 0x3000 || cp === 0x09 || cp === 0xa0 || cp === 0x0a || cp === 0x0d) return Kind.Space;
  if (cp >= 0xac00 && cp <= 0xd7af) return Kind.Han;
  if (cp >= 0x3040 && cp <= 0x30ff) return Kind.Han;
  if (cp > 0x7f && cp < 0x3000 && /\p{L}/u.test(String.fromCodePoint(cp))) return Kind.Latin;
  return Kind.Mark;
}

// The BMP is classified once into a table; astral code points (rare) are classified each time.
const KINDS = new Uint8Array(0x10000);
for (let cp = 0; cp < 0x10000; cp++) KINDS[cp] = classify(cp);

export function kindOf(cp: number): Kind {
  return cp < 0x10000 ? (KINDS[cp] as Kind) : classify(cp);
}

const DIGIT = 0x30;
const START = 0x02;
const END = 0x03;

function isAlnum(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  const k = kindOf(cp);
  return k === Kind.Digit || k === Kind.Latin;
}

/**
 * The sentence as the features see it: spaces dropped, half-width marks in Chinese text made full-width,
 * digits folded into one symbol, closing 。！？ (and closing quotes after them) cut off. `origin[i]` is
 * the offset in `codes` of normalised symbol i.
 */
export function normalizeSentence(codes: ArrayLike<number>, start: number, end: number): { symbols: Uint32Array; origin: Uint32Array; raw: Uint32Array } {
  const raw = new Uint32Array(end - start);
  const origin = new Uint32Array(end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    let cp = codes[i];
    const kind = kindOf(cp);
    if (kind === Kind.Space) continue;
    if (cp >= 0xff01 && cp <= 0xff5e && kind !== Kind.Mark) cp -= 0xfee0; // full-width letters and digits
    const full = FULL_WIDTH[cp];
    if (full !== undefined && !(isAlnum(codes[i - 1]) && isAlnum(codes[i + 1]) && i > start && i + 1 < end)) cp = full;
    raw[n] = cp;
    origin[n++] = i;
  }
  // Cut the closing marks: 。！？ … and any closing quote or bracket after them.
  let stop = n;
  while (stop > 0 && (TERMINAL.has(raw[stop - 1]) || raw[stop - 1] === 0x201d || raw[stop - 1] === 0xff09 || raw[stop - 1] === 0x2026)) stop--;
  if (stop === 0) stop = n;
  const symbols = new Uint32Array(stop);
  for (let i = 0; i < stop; i++) symbols[i] = kindOf(raw[i]) === Kind.Digit ? DIGIT : raw[i];
  return { symbols, origin: origin.subarray(0, stop), raw: raw.subarray(0, n) };
}

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x01000193);
  return h ^ (h >>> 15);
}

function slotOf(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return DENSE + ((h ^ (h >>> 16)) >>> (32 - HASH_BITS));
}

/** The slot of the n-gram framed[at .. at+n) (also used to name the n-grams behind a reason). */
export function ngramSlot(framed: ArrayLike<number>, at: number, n: number): number {
  let h = mix(0x811c9dc5, n);
  for (let k = 0; k < n; k++) h = mix(h, framed[at + k]);
  return slotOf(h);
}

/** Normalised symbols between a start and an end symbol. */
export function framed(symbols: Uint32Array): Uint32Array {
  const out = new Uint32Array(symbols.length + 2);
  out[0] = START;
  out.set(symbols, 1);
  out[out.length - 1] = END;
  return out;
}

// Clause lengths bucketed, so the shape of 本研究，基于…，提出了… reads as short, mark, long, mark.
function lengthBucket(n: number): number {
  return n <= 2 ? 1 : n <= 5 ? 2 : n <= 10 ? 3 : n <= 20 ? 4 : 5;
}

function shapeTokens(symbols: Uint32Array): number[] {
  const tokens = [START];
  let run = 0;
  let runKind = 0;
  const flush = () => {
    if (run > 0) tokens.push(0x100 + runKind * 8 + lengthBucket(run));
    run = 0;
  };
  for (let i = 0; i < symbols.length; i++) {
    const cp = symbols[i];
    const kind = kindOf(cp);
    if (kind === Kind.Mark) {
      flush();
      tokens.push(cp);
    } else {
      if (kind !== runKind) flush();
      runKind = kind;
      run++;
    }
  }
  flush();
  tokens.push(END);
  return tokens;
}

const SHAPE_SALT = 0x5bd1e995;
const MAX_ORDER = 3;
const WORD_SALT = 0x27d4eb2f;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Hashes of the words (Intl.Segmenter's Chinese word breaks) of the normalised sentence, framed. */
function wordHashes(symbols: Uint32Array): number[] {
  const out = [START];
  let text = '';
  for (let i = 0; i < symbols.length; i++) text += String.fromCodePoint(symbols[i]);
  for (const { segment } of segmenter.segment(text)) {
    let h = WORD_SALT;
    for (let k = 0; k < segment.length; k++) h = mix(h, segment.charCodeAt(k));
    out.push(h);
  }
  out.push(END);
  return out;
}

export function extractFeatures(codes: ArrayLike<number>, start: number, end: number): SentenceFeatures {
  const { symbols, raw } = normalizeSentence(codes, start, end);
  const dense = new Float64Array(DENSE);
  const frame = framed(symbols);
  const shape = shapeTokens(symbols);
  const wordList = wordHashes(symbols);
  const ngrams = frame.length * 4 + shape.length * 2 + wordList.length * 2;
  const slots = new Int32Array(ngrams);
  const values = new Float32Array(ngrams);
  let n = 0;
  for (let order = 1; order <= MAX_ORDER; order++) {
    for (let i = 0; i + order <= frame.length; i++) {
      if (order === 1 && (i === 0 || i === frame.length - 1)) continue;
      slots[n++] = ngramSlot(frame, i, order);
    }
  }
  for (let order = 2; order <= 3; order++) {
    for (let i = 0; i + order <= shape.length; i++) {
      let h = mix(SHAPE_SALT, order);
      for (let k = 0; k < order; k++) h = mix(h, shape[i + k]);
      slots[n++] = slotOf(h);
    }
  }
  for (let i = 0; i < wordList.length; i++) {
    if (i > 0 && i < wordList.length - 1) slots[n++] = slotOf(mix(wordList[i], 1));
    if (i + 1 < wordList.length) slots[n++] = slotOf(mix(mix(wordList[i], 2), wordList[i + 1]));
  }
  const scale = 1 / Math.sqrt(Math.max(1, n));
  values.fill(scale, 0, n);

  let commas = 0;
  let digits = 0;
  let latin = 0;
  let cjk = 0;
  let fn = 0;
  let de = 0;
  let first = 0;
  let second = 0;
  let quotes = 0;
  let brackets = 0;
  let qe = 0;
  let clauses = 0;
  let clauseLen = 0;
  let clauseSum = 0;
  let clauseSq = 0;
  const length = raw.length;
  for (let i = 0; i < length; i++) {
    const cp = raw[i];
    const kind = kindOf(cp);
    if (kind === Kind.Mark) {
      if (COMMAS.has(cp)) commas++;
      else if (QUOTES.has(cp)) quotes++;
      else if (BRACKETS.has(cp)) brackets++;
      else if (QE.has(cp)) qe++;
    } else if (kind === Kind.Digit) digits++;
    else if (kind === Kind.Latin) latin++;
    else {
      cjk++;
      if (functionWords.has(cp)) fn++;
      if (cp === CP.de) de++;
      else if (cp === CP.wo) first++;
      else if (cp === CP.ni || cp === CP.nin) second++;
    }
    if (CLAUSE_MARKS.has(cp)) {
      if (clauseLen > 0) {
        clauses++;
        clauseSum += clauseLen;
        clauseSq += clauseLen * clauseLen;
      }
      clauseLen = 0;
    } else clauseLen++;
  }
  if (clauseLen > 0) {
    clauses++;
    clauseSum += clauseLen;
    clauseSq += clauseLen * clauseLen;
  }
  const len = Math.max(1, length);
  const per100 = 100 / len;
  const clauseMean = clauses ? clauseSum / clauses : 0;
  const clauseVar = clauses > 1 ? Math.max(0, clauseSq / clauses - clauseMean * clauseMean) : 0;
  const d = DENSE_INDEX;
  dense[d.length] = Math.log1p(length);
  dense[d.commaRate] = commas / len;
  dense[d.clauseMean] = Math.log1p(clauseMean);
  dense[d.clauseSpread] = clauseMean > 0 ? Math.sqrt(clauseVar) / clauseMean : 0;
  dense[d.digits] = digits / len;
  dense[d.latin] = latin / len;
  dense[d.cjk] = cjk / len;
  dense[d.connectives] = Math.min(10, connectives.count(raw, 0, length) * per100);
  dense[d.templates] = Math.min(10, templates.count(raw, 0, length) * per100);
  dense[d.colloquial] = Math.min(10, colloquial.count(raw, 0, length) * per100);
  dense[d.functionWords] = fn / len;
  dense[d.de] = de / len;
  dense[d.firstPerson] = Math.min(3, first);
  dense[d.secondPerson] = Math.min(3, second);
  dense[d.quotes] = Math.min(4, quotes);
  dense[d.brackets] = Math.min(4, brackets);
  dense[d.questionExclaim] = Math.min(3, qe);
  let marks = 0;
  let half = 0;
  let spaces = 0;
  for (let i = start; i < end; i++) {
    const kind = kindOf(codes[i]);
    if (kind === Kind.Mark) {
      marks++;
      if (codes[i] < 0x80) half++;
    } else if (kind === Kind.Space) spaces++;
  }
  let last = end - 1;
  while (last >= start && kindOf(codes[last]) === Kind.Space) last--;
  const lastCp = last >= start ? codes[last] : 0;
  dense[d.halfWidth] = marks && cjk ? half / marks : 0;
  dense[d.spaces] = Math.min(3, spaces);
  dense[d.terminal] = TERMINAL.has(FULL_WIDTH[lastCp] ?? lastCp) ? 1 : 0;
  dense[d.bareEnd] = last >= start && kindOf(lastCp) !== Kind.Mark ? 1 : 0;
  return { dense, slots: n === slots.length ? slots : slots.slice(0, n), values: n === values.length ? values : values.slice(0, n) };
}

/** The lexicon phrases found in a sentence (for reasons). */
export function phrasesIn(list: 'connectives' | 'templates', codes: ArrayLike<number>, start: number, end: number): string[] {
  const { raw } = normalizeSentence(codes, start, end);
  return (list === 'connectives' ? connectives : templates).found(raw, 0, raw.length);
}
