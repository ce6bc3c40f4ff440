import type { RewriteParagraphRow } from '../../db/schema/rewrites';
import { countSentences, KEPT_REASONS, type KeptReason } from '../../engines/rewrite/sentences';
import { checkTerms, lostTerms } from '../../engines/rewrite/term-check';

// What a record says about its rewrite beyond the copy ratios: how many sentences were rewritten and kept
// (and why), and the term check, run here on the stored texts with the record's terms, whatever engine
// wrote them (term-check.ts reads only the two texts).

/** The terms this pair's rewrite lost ('' is a paragraph kept as it was: nothing lost). */
export const checkPair = (original: string, rewritten: string, terms: readonly string[]) => lostTerms(original, rewritten || original, terms);

export interface RecordChecks {
  sentenceRewritten: number;
  sentenceKept: number;
  keptReasons: Partial<Record<KeptReason, number>>;
  termsChecked: number;
  lostTerms: string[];
}

/** The whole record's counts and term check, from its pairs (the rewrite of each, or its original where kept). */
export function recordChecks(pairs: readonly Pick<RewriteParagraphRow, 'original' | 'rewritten' | 'sentences'>[], terms: readonly string[]): RecordChecks {
  const counts = countSentences(pairs.flatMap((p) => p.sentences));
  const original = pairs.map((p) => p.original).join('\n');
  const rewritten = pairs.map((p) => p.rewritten || p.original).join('\n');
  const check = checkTerms(original, rewritten, terms);
  return { sentenceRewritten: counts.rewritten, sentenceKept: counts.kept, keptReasons: counts.reasons, termsChecked: check.checked, lostTerms: check.lost };
}

/** The kept sentences by reason as the contract lists them (KeptCount[]), in the order of KEPT_REASONS. */
export const keptCounts = (reasons: Partial<Record<KeptReason, number>>) =>
  KEPT_REASONS.filter((reason) => (reasons[reason] ?? 0) > 0).map((reason) => ({ reason, count: reasons[reason]! }));
