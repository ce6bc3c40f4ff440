// 字数 as Chinese checkers count it. The one implementation of the rule: the browser's live count and the
// server agree on what is shown and charged.
// Rule and rationale: server/engines/text/README.md.

const Kind = { Unknown: 0, Space: 1, Cjk: 2, Word: 3, Mark: 4 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

const SPACE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]$/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3005\u3007]$/u;
const WORD = /^[\p{L}\p{N}\p{M}]$/u;
/** `. - ' ’ _` between two word characters stay in the word. */
const CONNECTORS = new Set([0x2e, 0x2d, 0x27, 0x2019, 0x5f]);

// Classifying a code point takes three regular expressions; the server counts millions, so each is classified once.
let kinds: Uint8Array | undefined;

function kindOf(cp: number): Kind {
  kinds ??= new Uint8Array(0x110000);
  let kind = kinds[cp] as Kind;
  if (kind === Kind.Unknown) {
    const ch = String.fromCodePoint(cp);
    if (SPACE.test(ch)) kind = Kind.Space;
    else if (CJK.test(ch)) kind = Kind.Cjk;
    else if (WORD.test(ch)) kind = Kind.Word;
    else kind = Kind.Mark;
    kinds[cp] = kind;
  }
  return kind;
}

/**
 * Weight of every code point: each CJK character and each punctuation mark or symbol counts 1; a run of
 * Latin letters or digits counts 1 (on its first character); whitespace and control characters count 0.
 */
export function charWeights(codes: ArrayLike<number>): Uint8Array {
  const weights = new Uint8Array(codes.length);
  let inWord = false;
  for (let i = 0; i < codes.length; i++) {
    const kind = kindOf(codes[i]);
    if (kind === Kind.Word) {
      weights[i] = inWord ? 0 : 1;
      inWord = true;
    } else if (inWord && CONNECTORS.has(codes[i]) && i + 1 < codes.length && kindOf(codes[i + 1]) === Kind.Word) {
      weights[i] = 0;
    } else {
      inWord = false;
      weights[i] = kind === Kind.Space ? 0 : 1;
    }
  }
  return weights;
}

/** Prefix sums of the weights: counted characters in [a, b) = prefix[b] - prefix[a]. */
export function weightPrefix(weights: Uint8Array): Uint32Array {
  const prefix = new Uint32Array(weights.length + 1);
  for (let i = 0; i < weights.length; i++) prefix[i + 1] = prefix[i] + weights[i];
  return prefix;
}

/** Characters as Chinese checkers count them (字数). */
export function countChars(text: string): number {
  const codes: number[] = [];
  for (const ch of text) codes.push(ch.codePointAt(0) as number);
  let n = 0;
  for (const weight of charWeights(codes)) n += weight;
  return n;
}

/** CJK characters (Han, kana, hangul): how much of a counted text is Chinese-like. */
export function countCjk(text: string): number {
  let n = 0;
  for (const ch of text) if (kindOf(ch.codePointAt(0) as number) === Kind.Cjk) n++;
  return n;
}

/** The most a single check accepts (the server refuses more with TEXT_TOO_LONG). */
export const MAX_CHECK_CHARS = 300_000;

/** What the form, the server and the mocks say about a text over the limit. */
export function tooLongMessage(chars: number, maxChars = MAX_CHECK_CHARS): string {
  return `论文共 ${chars} 字，超过单次检测 ${maxChars} 字的上限，请删减或分章节检测`;
}
