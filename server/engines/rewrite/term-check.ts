// The term check behind termsKept (the report's 术语保留): every term found in the original (the
// document's detected terms and the student's) must occur in the rewrite at least as often, whole. It reads
// only the two texts and the list, never the edits that were made, so it holds for any engine, a model or
// a hand-edited rewrite alike; a term split (梯度降低法), infixed (大语言的模型) or partly replaced is lost.

function occurrences(text: string, term: string): number {
  let n = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) n++;
  return n;
}

/** The terms that occur in the original fewer times in the rewrite, in the list's order. */
export function lostTerms(original: string, rewritten: string, terms: readonly string[]): string[] {
  const lost: string[] = [];
  for (const term of new Set(terms)) {
    if (!term) continue;
    const before = occurrences(original, term);
    if (before > 0 && occurrences(rewritten, term) < before) lost.push(term);
  }
  return lost;
}

export interface TermCheck {
  /** How many distinct terms occur in the original. */
  checked: number;
  /** Those the rewrite lost, split or changed. */
  lost: string[];
}

export function checkTerms(original: string, rewritten: string, terms: readonly string[]): TermCheck {
  const present = [...new Set(terms)].filter((t) => t && original.includes(t));
  return { checked: present.length, lost: lostTerms(original, rewritten, present) };
}
