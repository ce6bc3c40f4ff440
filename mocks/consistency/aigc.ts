import { countChars } from '@/lib/char-count';
import { rewordingOf, vocab } from '../vocab';
import { type Obj, type Rule, clamp, doneShare, has, isDone, newId, ratio4, sentenceRanges, within, num } from './shape';

/** The mocked server's bands of AI character share. */
export const bandOf = (ratio: number) => (ratio >= 0.6 ? 'high' : ratio >= 0.3 ? 'medium' : 'low');

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
  Object.assign(o, {
    charCount: countChars(text),
    aiProbability: probability,
    band: bandOf(probability),
    original: lowered ? o.original : null,
    aiProbabilityBefore: lowered ? ratio4(within(o.aiProbabilityBefore, probability, 1, () => clamp(probability + 0.3, 0, 1))) : null,
    sentences: sentenceRanges(text).map((range, i) => {
      const p = ratio4(clamp(probability + ((i % 3) - 1) * 0.08, 0, 1));
      return { ...range, probability: p, reasons: p >= 0.6 ? reasons : [] };
    }),
  });
}

export const aigcRules: Rule[] = [
  { name: 'aigc record', applies: (o) => has(o, 'aiCharRatio', 'kind', 'band', 'status'), fix: settleRecord },
  { name: 'aigc paragraph', applies: (o) => has(o, 'aiProbability', 'band', 'sentences', 'text'), fix: settleParagraph },
];
