// 字数 as Chinese checkers count it — the server's rule (server/engines/text/README.md), so the live count
// on the check page agrees with the count the server charges for.

const SPACE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]$/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3005\u3007]$/u;
const WORD = /^[\p{L}\p{N}\p{M}]$/u;
const CONNECTORS = new Set(['.', '-', "'", '\u2019', '_']);

type Kind = 'space' | 'cjk' | 'word' | 'mark';

const kinds = new Map<string, Kind>();

function kindOf(ch: string): Kind {
  let kind = kinds.get(ch);
  if (!kind) {
    kind = SPACE.test(ch) ? 'space' : CJK.test(ch) ? 'cjk' : WORD.test(ch) ? 'word' : 'mark';
    kinds.set(ch, kind);
  }
  return kind;
}

/**
 * Each CJK character and each punctuation mark or symbol counts 1; a run of Latin letters or digits
 * counts 1 (`. - ' ’ _` between two of them stay in the run); whitespace and control characters count 0.
 */
export function countChars(text: string): number {
  const chars = Array.from(text);
  let count = 0;
  let inWord = false;
  for (let i = 0; i < chars.length; i++) {
    const kind = kindOf(chars[i]);
    if (kind === 'word') {
      if (!inWord) count++;
      inWord = true;
    } else if (inWord && CONNECTORS.has(chars[i]) && i + 1 < chars.length && kindOf(chars[i + 1]) === 'word') {
      continue;
    } else {
      inWord = false;
      if (kind !== 'space') count++;
    }
  }
  return count;
}

/** The most a single check accepts (the server refuses more with TEXT_TOO_LONG). */
export const MAX_CHECK_CHARS = 300_000;
