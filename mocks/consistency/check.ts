import { vocab } from '../vocab';
import { type Obj, type Rule, clamp, has, isDone, newId, num, ratio4, within } from './shape';

/** A finished check's figures, derived from its total ratio and length so that they add up. */
export function checkFigures(figures: Obj | null | undefined, totalChars: number): Obj {
  const f = figures ?? {};
  const totalRatio = ratio4(within(f.totalRatio, 0, 1, vocab.ratio));
  const matchedChars = Math.round(totalRatio * totalChars);
  const quotedChars = within(f.quotedChars, 0, matchedChars * 0.3, () => Math.round(matchedChars * 0.12));
  const paragraphCount = within(f.paragraphCount, Math.ceil(totalChars / 400), Math.ceil(totalChars / 60), () => Math.ceil(totalChars / 150));
  const frontMatchedChars = within(f.frontMatchedChars, 0, matchedChars * 0.6, () => Math.round(matchedChars * 0.3));
  return {
    ...f,
    totalRatio,
    ratioExcludingQuotes: ratio4((matchedChars - quotedChars) / Math.max(1, totalChars)),
    ratioExcludingSelf: ratio4(within(f.ratioExcludingSelf, 0, totalRatio, () => totalRatio)),
    maxSingleRatio: ratio4(within(f.maxSingleRatio, 0, totalRatio, () => totalRatio * 0.35)),
    totalChars,
    matchedChars,
    quotedChars,
    paragraphCount,
    suspectParagraphCount: within(f.suspectParagraphCount, 0, paragraphCount, () => Math.round(paragraphCount * Math.min(1, totalRatio * 1.6))),
    frontMatchedChars,
    rearMatchedChars: within(f.rearMatchedChars, 0, matchedChars - frontMatchedChars, () => Math.round((matchedChars - frontMatchedChars) * 0.3)),
    sourceCount: matchedChars === 0 ? 0 : clamp(num(f.sourceCount, 5), 1, 40),
    referencesExcluded: f.referencesExcluded ?? true,
  };
}

/** Figures only once done; a file name only for an upload; the requested 降重's state follows the check's. */
function settleCheck(o: Obj): void {
  o.figures = isDone(o) ? checkFigures(o.figures as Obj | null, num(o.charCount)) : null;
  o.fileName = o.sourceType === 'upload' ? (o.fileName ?? vocab.fileName()) : null;
  if (!o.rewriteMode) {
    Object.assign(o, { rewriteMode: null, rewriteStatus: 'none', rewriteTaskId: null });
  } else if (isDone(o)) {
    o.rewriteStatus = o.rewriteStatus === 'unavailable' ? 'unavailable' : 'created';
    o.rewriteTaskId = o.rewriteStatus === 'created' ? (o.rewriteTaskId ?? newId()) : null;
  } else {
    Object.assign(o, { rewriteStatus: o.status === 'failed' || o.status === 'cancelled' ? 'unavailable' : 'waiting', rewriteTaskId: null });
  }
}

/** 检测范围: the library's totals are its collections', each with its own name. */
function settleScope(o: Obj): void {
  const collections = (o.collections as Obj[]).slice(0, 4).map((collection, index) => {
    const documents = num(collection.documents, 1000);
    return { ...collection, name: vocab.collectionAt(index), kind: vocab.collectionAt(index) === '本校库' ? 'submission' : 'import', documents, chars: documents * 12_000 };
  });
  o.collections = collections;
  o.documents = collections.reduce((sum, c) => sum + c.documents, 0);
  o.chars = collections.reduce((sum, c) => sum + c.chars, 0);
}

export const checkRules: Rule[] = [
  { name: 'check record', applies: (o) => has(o, 'figures', 'rewriteStatus', 'charCount', 'status'), fix: settleCheck },
  { name: 'library scope', applies: (o) => has(o, 'collections', 'documents', 'chars') && Array.isArray(o.collections), fix: settleScope },
  { name: 'check warning', applies: (o) => has(o, 'code', 'message') && String(o.code).startsWith('li'), fix: (o) => (o.message = vocab.warningFor(String(o.code))) },
];
