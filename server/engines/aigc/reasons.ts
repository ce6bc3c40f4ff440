import { fromCodePoints } from '../text/code-points';
import { DENSE, DENSE_FEATURES, type DenseFeature, framed, ngramSlot, normalizeSentence, phrasesIn, type SentenceFeatures } from './features';
import { type Model, standardised } from './model';

// Why a sentence was flagged, in plain Chinese: the measurements and n-grams that pushed its log-odds up
// the most, each said as what the sentence does (not as a feature name). Only what the sentence does is
// said: a measurement that pushed it up by being absent (no modal particles, no 我) is not a reason a
// writer can act on, so it is left out.

interface Sentence {
  codes: ArrayLike<number>;
  start: number;
  end: number;
}
type Say = (sentence: Sentence) => string;
const fixed = (text: string): Say => () => text;

/** What a measurement above (high) or below (low) the training average says when it points to a machine. */
const PHRASES: Record<DenseFeature, { high: Say | null; low: Say | null }> = {
  length: { high: fixed('句子较长、信息密集，结构完整'), low: null },
  commaRate: { high: fixed('逗号分句多，节奏整齐'), low: null },
  clauseMean: { high: fixed('分句偏长且完整'), low: fixed('分句短小整齐') },
  clauseSpread: { high: null, low: fixed('分句长短均匀，缺少变化') },
  digits: { high: null, low: null },
  latin: { high: null, low: null },
  cjk: { high: null, low: null },
  connectives: {
    high: (s) => {
      const found = phrasesIn('connectives', s.codes, s.start, s.end).slice(0, 3);
      return found.length ? `使用“${found.join('”“')}”等连接词串联` : '连接词使用密集';
    },
    low: null,
  },
  templates: {
    high: (s) => {
      const found = phrasesIn('templates', s.codes, s.start, s.end).slice(0, 3);
      return found.length ? `含有“${found.join('”“')}”等模板化表述` : '含有模板化表述';
    },
    low: null,
  },
  colloquial: { high: null, low: null },
  functionWords: { high: fixed('“的、是、在”等虚词使用频繁'), low: null },
  de: { high: fixed('“的”字结构使用频繁'), low: null },
  firstPerson: { high: null, low: null },
  secondPerson: { high: fixed('使用“您/你”等对话口吻'), low: null },
  quotes: { high: fixed('引号、书名号使用规范'), low: null },
  brackets: { high: fixed('用括号补充说明'), low: null },
  questionExclaim: { high: null, low: null },
  halfWidth: { high: null, low: null },
  spaces: { high: null, low: null },
  terminal: { high: null, low: null },
  bareEnd: { high: null, low: null },
};

// Reasons weaker than this (in log-odds) are not worth saying.
const MIN_CONTRIBUTION = 0.12;

interface Candidate {
  weight: number;
  text: string;
}

const words = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * The words of the sentence (Intl.Segmenter's Chinese words of two to four characters) whose n-grams carry
 * the largest machine weights, up to three.
 */
export function ngramReason(model: Model, sentence: Sentence): Candidate | null {
  const { symbols, origin } = normalizeSentence(sentence.codes, sentence.start, sentence.end);
  const frame = framed(symbols);
  // Weight of each normalised position: the positive weights of the n-grams starting there.
  const at = new Float64Array(symbols.length);
  for (let n = 2; n <= 3; n++) {
    for (let i = 1; i + n <= frame.length - 1; i++) {
      const w = model.hashed[ngramSlot(frame, i, n) - DENSE];
      if (w > 0) for (let k = 0; k < n; k++) at[i - 1 + k] += w / n;
    }
  }
  // Normalised position of each original offset.
  const position = new Map<number, number>();
  origin.forEach((o, i) => position.set(o, i));
  const text = fromCodePoints(sentence.codes, sentence.start, sentence.end);
  const scored: Array<{ word: string; w: number }> = [];
  let offset = sentence.start;
  for (const { segment, isWordLike } of words.segment(text)) {
    const length = [...segment].length;
    if (isWordLike && length >= 2 && length <= 4 && /^\p{Script=Han}+$/u.test(segment)) {
      let w = 0;
      for (let k = 0; k < length; k++) w += at[position.get(offset + k) ?? -1] ?? 0;
      if (w > 0) scored.push({ word: segment, w });
    }
    offset += length;
  }
  scored.sort((a, b) => b.w - a.w);
  const picked: string[] = [];
  let weight = 0;
  for (const s of scored) {
    if (picked.includes(s.word)) continue;
    picked.push(s.word);
    weight += s.w;
    if (picked.length === 3) break;
  }
  if (!picked.length) return null;
  return { weight: weight / Math.sqrt(frame.length * 3), text: `用词“${picked.join('”“')}”在机器生成文本中常见` };
}

/** Up to `max` reasons, strongest first, for a sentence whose probability came out high. */
export function reasonsFor(model: Model, features: SentenceFeatures, sentence: Sentence, context: { paragraph: number; burst: number }, max = 3): string[] {
  const candidates: Candidate[] = [];
  for (let i = 0; i < DENSE; i++) {
    const x = standardised(model, features, i);
    const c = model.denseWeights[i] * x;
    if (c < MIN_CONTRIBUTION) continue;
    const say = x > 0 ? PHRASES[DENSE_FEATURES[i]].high : PHRASES[DENSE_FEATURES[i]].low;
    if (say) candidates.push({ weight: c, text: say(sentence) });
  }
  const ngrams = ngramReason(model, sentence);
  if (ngrams && ngrams.weight >= MIN_CONTRIBUTION) candidates.push(ngrams);
  if (context.paragraph >= MIN_CONTRIBUTION) candidates.push({ weight: context.paragraph, text: '所在段落整体呈现机器生成特征' });
  if (context.burst >= MIN_CONTRIBUTION) candidates.push({ weight: context.burst, text: '段内句子长度均匀，缺少长短变化' });
  candidates.sort((a, b) => b.weight - a.weight);
  const out: string[] = [];
  for (const c of candidates) if (!out.includes(c.text) && out.length < max) out.push(c.text);
  return out.length ? out : ['用词与句式整体接近机器生成文本'];
}
