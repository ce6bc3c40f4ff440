import { lengthRatio } from './measure';
import { missingSpans, type ProtectedSpan } from './protect';
import { lostTerms } from './term-check';

// The checks every rewrite passes before it is used, whoever wrote it (the offline engine's sentence, a
// model's paragraph): everything protected comes back unchanged and as often, no term is lost, split or
// infixed, no particle is doubled or stranded, no word is said twice in a row, the length stays sane.
// A rewrite that fails is not used: another candidate is tried, or the text stays as it was.

export type CheckProblem = 'protected' | 'term' | 'particle' | 'repeat' | 'length';

/** Sequences a correct sentence does not contain; a rewrite may not have more of them than its original. */
const BROKEN = [/的的/gu, /了了/gu, /之之/gu, /地地/gu, /的之|之的/gu, /经\p{Script=Han}{1,2}的/gu, /[，,]\s*[，,。；]/gu, /。\s*[，,。]/gu];
/** The same word of two or more characters twice in a row (采用采用, 开展开展). */
const REPEATED = /(\p{Script=Han}{2,4})\1/gu;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export interface CheckInput {
  original: string;
  candidate: string;
  spans: readonly ProtectedSpan[];
  /** The document's and the user's terms: each must occur in the candidate as often as in the original. */
  terms: readonly string[];
}

/** What is wrong with a candidate; empty when it may be used. */
export function checkRewrite({ original, candidate, spans, terms }: CheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  if (missingSpans(spans, candidate).length) problems.push('protected');
  if (lostTerms(original, candidate, terms).length) problems.push('term');
  if (BROKEN.some((re) => count(candidate, re) > count(original, re))) problems.push('particle');
  if (count(candidate, REPEATED) > count(original, REPEATED)) problems.push('repeat');
  const ratio = lengthRatio(original, candidate);
  if (ratio < 0.5 || ratio > 2) problems.push('length');
  return problems;
}

export const passes = (input: CheckInput) => checkRewrite(input).length === 0;
