import { countChars } from '@common/char-count';
import { rewordingOf, vocab } from '../vocab';
import { type Obj, type Rule, clamp, doneShare, has, isDone, newId, ratio4, sentenceRanges, within, num } from './shape';

/** The detector's bands of AI character share (server/engines/aigc/bands.ts). */
export const BAND_LIMITS = { high: 0.6, medium: 0.3, low: 0.1 } as const;
export const bandOf = (ratio: number) =>
  ratio >= BAND_LIMITS.high ? 'high' : ratio >= BAND_LIMITS.medium ? 'medium' : ratio >= BAND_LIMITS.low ? 'low' : 'none';

/** A sentence counts as machine-written at this probability (the detector's default threshold). */
export const THRESHOLD = 0.5;
/** Paragraphs shorter than this are not judged (headings, captions). */
export const MIN_PARAGRAPH_CHARS = 10;

/** The detector a finished mocked detection names: the figures the real bench printed for the bundled model. */
export const MOCK_DETECTOR = {
  name: 'moyan-aigc',
  version: '1-20250611',
  threshold: THRESHOLD,
  falseAccusationRate: 0.012,
  llm: false,
  bands: { ...BAND_LIMITS },
};

/** The figures a score gives: band, 0-100 score and AI characters, all from one ratio. */
function scored(ratio: number | null, charCount: number) {
  if (ratio === null) return { aiCharRatio: null, band: null, score: null, aiCharCount: null };
  return { aiCharRatio: ratio, band: bandOf(ratio), score: Math.round(ratio * 100), aiCharCount: Math.round(ratio * charCount) };
}

/**
 * A detection has its figures once done; a lowering (kind lower) points back to its detection, starts from
 * its ratio and, once done, reports the lower ratio after rewording the flagged paragraphs.
 */
function settleRecord(o: Obj): void {
  const total = within(o.paragraphTotal, 8, 200, vocab.paragraphCount);
  const done = isDone(o);
  if (o.kind === 'lower') {
    const before = ratio4(within(o.aiCharRatioBefore, 0.3, 1, () => vocab.ratio() + 0.3));
    const after = done ? ratio4(within(o.aiCharRatioAfter, 0, before * 0.6, () => before * 0.3)) : null;
    const flagged = within(o.paragraphFlagged, 1, total, () => Math.max(1, Math.round(total * before)));
    Object.assign(o, scored(after, num(o.charCount)), {
      paragraphTotal: total,
      paragraphFlagged: flagged,
      paragraphRewritten: Math.round(flagged * doneShare(o)),
      sourceId: o.sourceId ?? newId(),
      mode: o.mode ?? 'rewrite',
      aiCharRatioBefore: before,
      aiCharRatioAfter: after,
      method: done ? (o.method ?? 'offline-model') : null,
    });
  } else {
    const ratio = done ? ratio4(within(o.aiCharRatio, 0, 1, vocab.ratio)) : null;
    Object.assign(o, scored(ratio, num(o.charCount)), {
      paragraphTotal: total,
      paragraphFlagged: ratio === null ? 0 : within(o.paragraphFlagged, 0, total, () => Math.round(total * Math.min(1, ratio * 1.3))),
      paragraphRewritten: 0,
      sourceId: null,
      mode: null,
      aiCharRatioBefore: null,
      aiCharRatioAfter: null,
      method: done ? (o.method ?? 'offline-model') : null,
    });
  }
  o.detector = done ? { ...MOCK_DETECTOR, llm: o.method === 'llm-perplexity' } : null;
  if (o.sourceType === 'paste') o.fileName = null;
  if (!done) o.recheckId = null;
}

/** A scored paragraph: band from its probability, sentences that cover its text, reasons only where it looks machine-written. */
function settleParagraph(o: Obj): void {
  const lowered = typeof o.original === 'string' && o.original !== '';
  // A lowered paragraph is the rewording of its original, or the original where nothing was changed.
  if (lowered && o.text !== o.original) o.text = rewordingOf(o.original);
  const text = String(o.text);
  const probability = ratio4(within(o.aiProbability, 0, 1, vocab.ratio));
  const given = Array.isArray(o.sentences) ? (o.sentences as Obj[]).flatMap((s) => (Array.isArray(s.reasons) ? (s.reasons as string[]) : [])) : [];
  const unique = [...new Set(given)].slice(0, 2);
  const reasons = unique.length ? unique : vocab.aigcReasons();
  const chars = Array.from(text);
  const charCount = countChars(text);
  const tooShort = charCount < MIN_PARAGRAPH_CHARS;
  // Around the paragraph's probability: the first sentence at it, the next above, the third below.
  const sentences = sentenceRanges(text).map((range, i) => {
    const p = ratio4(clamp(probability + [0, 0.08, -0.08][i % 3], 0, 1));
    const machine = !tooShort && p >= THRESHOLD;
    return { ...range, probability: p, machine, reasons: machine ? reasons : [] };
  });
  const aiCharCount = sentences.filter((s) => s.machine).reduce((n, s) => n + countChars(chars.slice(s.start, s.end).join('')), 0);
  Object.assign(o, {
    charCount,
    aiCharCount,
    aiProbability: probability,
    band: tooShort ? 'none' : bandOf(charCount ? aiCharCount / charCount : 0),
    tooShort,
    original: lowered ? o.original : null,
    aiProbabilityBefore: lowered ? ratio4(within(o.aiProbabilityBefore, probability, 1, () => clamp(probability + 0.3, 0, 1))) : null,
    sentences,
  });
}

export const aigcRules: Rule[] = [
  { name: 'aigc record', applies: (o) => has(o, 'aiCharRatio', 'kind', 'band', 'status'), fix: settleRecord },
  { name: 'aigc paragraph', applies: (o) => has(o, 'aiProbability', 'band', 'sentences', 'text'), fix: settleParagraph },
];
