// Random Latin letters where the product shows Chinese: the heuristic of the mock realism tests (unit
// and e2e). A word of four or more Latin letters is filler unless the product itself uses it.

/**
 * Latin words the screens and the mocked data really use (lower case): product terms, our own name (the
 * detector is moyan-aigc), formats, the English abstract a paper may have, a student's question, and the
 * browsers and systems the device list names (read from the User-Agent: they have no Chinese names).
 */
const PRODUCT_WORDS = new Set([
  'aigc', 'word', 'docx', 'pptx', 'html', 'markdown', 'deepseek', 'bearer', 'python', 'moyan', 'abstract',
  'chrome', 'windows', 'wechat', 'android',
]);

/** The words of four or more Latin letters in `text` that the product does not use. */
export function latinWords(text: string): string[] {
  return (text.match(/[A-Za-z]{4,}/g) ?? []).filter((word) => !PRODUCT_WORDS.has(word.toLowerCase()));
}

/** Keys whose values are codes, ids, addresses or names a machine reads, not text for the student. */
const CODE_KEY = /(^id$|Id$|Ids$|^ids$|[uU]rl$|^qrCode$|^avatar$|^code$|^key$|^scene$|token|^orderNo$|^loginName$|^username$|^version$|^palette$|^password$|^secret$|^deviceKey$|^replyTo$|^models$)/;

/** Keys whose values are English by design (a paper's English abstract), not filler. */
const ENGLISH_KEY = /^englishAbstract$/;

/** Every string of `value` (a JSON answer) that reads as Latin filler, with where it is; codes, English by design and known enum values are left out. */
export function fillerStrings(value: unknown, enumValues: ReadonlySet<string>, path = '$'): string[] {
  if (typeof value === 'string') {
    if (enumValues.has(value) || /^(https?:\/\/|\/)/.test(value)) return [];
    return latinWords(value).length ? [`${path}: ${value.slice(0, 80)}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => fillerStrings(item, enumValues, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (CODE_KEY.test(key) || ENGLISH_KEY.test(key) ? [] : fillerStrings(child, enumValues, `${path}.${key}`)));
}
