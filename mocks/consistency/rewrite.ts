import { rewordingOf, vocab } from '../vocab';
import { type Obj, type Rule, doneShare, has, isDone, newId, num, ratio4, within } from './shape';

const fromCheck = (source: unknown) => source === 'check' || source === 'check-aigc';
const fromAigc = (source: unknown) => source === 'aigc' || source === 'check-aigc';

/**
 * A rewrite's counts follow its progress (rewritten ≤ total, accepted ≤ rewritten); the figures before it
 * come from its source, the figures after it only once it is done, and they are lower.
 */
function settleRewrite(o: Obj): void {
  if (o.mode === 'cnki') o.source = 'check';
  const total = within(o.paragraphTotal, 8, 200, vocab.paragraphCount);
  const rewritten = isDone(o) ? within(o.paragraphRewritten, Math.ceil(total * 0.4), total, () => Math.round(total * 0.7)) : Math.round(total * doneShare(o));
  const similarityBefore = ratio4(within(o.similarityBefore, 0.03, 1, vocab.ratio));
  const aigcBefore = fromAigc(o.source) ? ratio4(within(o.aigcBefore, 0.2, 1, () => vocab.ratio() + 0.3)) : null;
  Object.assign(o, {
    paragraphTotal: total,
    paragraphRewritten: rewritten,
    paragraphAccepted: isDone(o) ? within(o.paragraphAccepted, Math.ceil(rewritten * 0.7), rewritten, () => rewritten - Math.floor(rewritten / 10)) : 0,
    rewrittenCharCount: isDone(o) ? within(o.rewrittenCharCount, num(o.charCount) * 0.95, num(o.charCount) * 1.15, () => Math.round(num(o.charCount) * 1.04)) : null,
    similarityBefore,
    similarityAfter: isDone(o) ? ratio4(within(o.similarityAfter, 0, similarityBefore * 0.6, () => similarityBefore * 0.3)) : null,
    aigcBefore,
    aigcAfter: isDone(o) && aigcBefore !== null ? ratio4(within(o.aigcAfter, 0, aigcBefore * 0.6, () => aigcBefore * 0.3)) : null,
    sourceCheckId: fromCheck(o.source) ? (o.sourceCheckId ?? newId()) : null,
    sourceAigcId: fromAigc(o.source) ? (o.sourceAigcId ?? newId()) : null,
    recheckId: isDone(o) ? (o.recheckId ?? null) : null,
    // A record of an uploaded .docx has one rewritten paragraph its file cannot take in place (rewritePairs).
    docxInPlace: Boolean(o.docxInPlace),
    paragraphKeptInDocx: o.docxInPlace && isDone(o) && rewritten > 2 ? 1 : 0,
  });
}

/** A paragraph's rewording is there once it is done, and lowers its figures. */
function settlePair(o: Obj): void {
  const done = isDone(o);
  const similarityBefore = ratio4(within(o.similarityBefore, 0.03, 1, vocab.ratio));
  const aigcBefore = typeof o.aigcBefore === 'number' ? ratio4(o.aigcBefore) : null;
  Object.assign(o, {
    rewritten: done ? rewordingOf(o.original) : '',
    accepted: done && Boolean(o.accepted),
    docxKept: done ? (o.docxKept ?? null) : null,
    similarityBefore,
    similarityAfter: done ? ratio4(within(o.similarityAfter, 0, similarityBefore * 0.6, () => similarityBefore * 0.3)) : null,
    aigcBefore,
    aigcAfter: done && aigcBefore !== null ? ratio4(within(o.aigcAfter, 0, aigcBefore * 0.6, () => aigcBefore * 0.3)) : null,
  });
}

/** reduction: an instant rewording of a short passage. */
function settleReduction(o: Obj): void {
  o.rewritten = rewordingOf(o.original);
  o.charCount = Array.from(String(o.original)).length;
  o.rewrittenCharCount = Array.from(String(o.rewritten)).length;
}

export const rewriteRules: Rule[] = [
  { name: 'rewrite record', applies: (o) => has(o, 'paragraphTotal', 'paragraphRewritten', 'paragraphAccepted', 'similarityBefore', 'status'), fix: settleRewrite },
  { name: 'paragraph pair', applies: (o) => has(o, 'original', 'rewritten', 'accepted', 'status'), fix: settlePair },
  { name: 'reduction', applies: (o) => has(o, 'original', 'rewritten', 'rewrittenCharCount') && !('status' in o), fix: settleReduction },
];
