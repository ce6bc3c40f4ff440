import { rewordingOf, vocab } from '../vocab';
import { type Obj, type Rule, doneShare, has, isDone, newId, num, ratio4, within } from './shape';

const fromCheck = (source: unknown) => source === 'check' || source === 'check-aigc';
const fromAigc = (source: unknown) => source === 'aigc' || source === 'check-aigc';

/** The sentences of a paragraph as the engine cuts them, in code points, each with the given status. */
export function sentencesOf(text: string, status: 'rewritten' | 'kept', reason?: string): Obj[] {
  const out: Obj[] = [];
  let start = 0;
  const chars = Array.from(text);
  chars.forEach((c, i) => {
    if ('。！？；'.includes(c) || i === chars.length - 1) {
      out.push(status === 'kept' ? { start, end: i + 1, status, reason } : { start, end: i + 1, status });
      start = i + 1;
    }
  });
  return out;
}

/**
 * A rewrite's counts follow its progress (rewritten ≤ total, accepted ≤ rewritten); the figures before it
 * come from its source, the figures after it only once it is done, and they are lower.
 */
function settleRewrite(o: Obj): void {
  if (o.mode === 'cnki') o.source = 'check';
  // Only 降重, 强力降重 and 润色改写 lower an AI share (LOWER_MODES): a 智能降重 record is never made from an AIGC report.
  if (o.mode === 'smart' && fromAigc(o.source)) o.source = 'upload';
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
    // A failed task was refunded in full; a finished one here always rewrote something, so kept its charge.
    refundedFen: o.status === 'failed' ? num(o.priceFen) : 0,
  });
  // Sentences and the term check are counted when the rewrite is done: about two sentences a paragraph,
  // kept ones for their role (title, headings, references) or for want of a safe edit.
  const kept = total - rewritten;
  const structure = Math.max(2, Math.round(total / 8));
  Object.assign(o, {
    sentenceRewritten: isDone(o) ? rewritten * 2 : null,
    sentenceKept: isDone(o) ? kept * 2 + structure : null,
    keptReasons: isDone(o)
      ? [
          { reason: 'title', count: 1 },
          { reason: 'heading', count: structure - 1 },
          ...(kept ? [{ reason: 'no-safe-edit', count: kept * 2 }] : []),
        ]
      : [],
    termsChecked: isDone(o) ? 18 + Math.round(total / 2) : null,
    termsKept: isDone(o) ? true : null,
    lostTerms: [],
  });
}

/**
 * A paragraph's rewording is there once it is done, and lowers its figures; every sentence says whether it
 * was rewritten. A paragraph kept as it was (its sentences all kept, or not body text) has no rewrite.
 */
function settlePair(o: Obj): void {
  const done = isDone(o);
  const similarityBefore = ratio4(within(o.similarityBefore, 0.03, 1, vocab.ratio));
  const aigcBefore = typeof o.aigcBefore === 'number' ? ratio4(o.aigcBefore) : null;
  const role = typeof o.role === 'string' && o.role !== 'body' && o.keptForRole === true ? o.role : 'body';
  const original = String(o.original);
  const kept = role !== 'body' || (Array.isArray(o.sentences) && o.sentences.length > 0 && (o.sentences as Obj[]).every((x) => x.status === 'kept'));
  delete o.keptForRole;
  Object.assign(o, {
    role,
    sentences: !done ? [] : role !== 'body' ? sentencesOf(original, 'kept', role) : kept ? sentencesOf(original, 'kept', 'no-safe-edit') : sentencesOf(original, 'rewritten'),
    termsKept: done ? true : null,
    lostTerms: [],
    rewritten: done && !kept ? rewordingOf(o.original) : '',
    accepted: done && !kept && Boolean(o.accepted),
    // A paragraph kept as it was is the original: its figures say so, as the server stores them.
    ...(done && kept ? { similarityToOriginal: 1, bigramOverlap: 1, protectedKept: true } : {}),
    docxKept: done && !kept ? (o.docxKept ?? null) : null,
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
