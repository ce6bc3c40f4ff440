import { tagWords } from './segment';
import { NAME_TAGS, termSpans } from './terms';

// Protected spans: what a rewrite must keep exactly as written. Numbers with their units and
// percentages, formulas, Latin text, citation marks [n], list markers (1、 2. （3） ①), quoted text (“…”,
// 「…」, 『…』, "…", 《…》), structured-abstract labels (目的 方法 结果 结论), fixed statistical phrases, names
// of people, places and institutions, the terms the user lists, the document's terms and the terms
// detected in the paragraph (terms.ts). Offsets are UTF-16 string offsets.

export type ProtectedKind = 'quote' | 'citation' | 'marker' | 'label' | 'term' | 'formula' | 'latin' | 'number' | 'name' | 'technical';

export interface ProtectedSpan {
  start: number;
  end: number;
  text: string;
  kind: ProtectedKind;
}

export interface ProtectOptions {
  /** Terms the user listed (kept wherever they occur). */
  terms?: readonly string[];
  /** The document's terms (its 关键词, title, recurring compounds): kept wherever they occur. */
  documentTerms?: readonly string[];
  /** Detect terms and names in the paragraph with the segmenter (default true). */
  technical?: boolean;
}

const QUOTES = /“[^“”\n]{1,300}”|「[^「」\n]{1,300}」|『[^『』\n]{1,300}』|"[^"\n]{1,300}"|‘[^‘’\n]{1,300}’|《[^《》\n]{1,100}》|〈[^〈〉\n]{1,100}〉/gu;
const CITATION = /[[［【]\s*\d{1,4}(?:\s*[,，、\-–—~～]\s*\d{1,4})*\s*[\]］】]/gu;
// 1、 2. 3） （4） (5) ① a) at the start of the paragraph or after a comma, colon, semicolon or full stop; 第一，… stays a word.
const MARKER = /(?<=^|[：:；;。！？!?，,\s])(?:[（(][0-9０-９一二三四五六七八九十a-zA-Z]{1,3}[)）]|[0-9０-９]{1,2}[、.．)）](?![0-9０-９])|[一二三四五六七八九十]{1,3}、|[a-zA-Z][.)）](?![A-Za-z0-9]))|[①-⑳⑴-⒇]/gu;
const LABEL = /(?<=^|[。．.；;！？!?]\s*)(?:目的|方法|结果|结论|背景|目标|对象|材料与方法|资料与方法|对象与方法|意义|讨论|摘要|关键词|中文摘要)(?:\s*[:：]|\s+)/gu;
// A run of Latin letters, digits, Greek letters and the signs formulas use; it must start and end on a
// letter, digit or closing sign. Units after a number (Chinese or Latin) are part of it.
const ASCIIISH = /[A-Za-z0-9０-９Ａ-Ｚａ-ｚα-ωΑ-Ω√∑∏∫∂∞(（]([A-Za-z0-9０-９Ａ-Ｚａ-ｚα-ωΑ-Ω_.·'′″\-–+*/=<>≤≥≠≈±×÷^%‰℃°~～:()（）[\]{}|√∑∏∫∂∞ ,]*[A-Za-z0-9０-９Ａ-Ｚａ-ｚα-ωΑ-Ω%‰℃°′″)）\]}])?/gu;
const FORMULA_SIGN = /[=<>≤≥≠≈±×÷^√∑∏∫∂∞]|[A-Za-z0-9]\s*[+*/]\s*[A-Za-z0-9]/u;
const CJK_UNIT = /^(?:万|亿|千|百)?(?:例|名|只|株|头|人|岁|年|个月|月|日|天|周|小时|次|个|项|篇|倍|元|种|组|份|层|批|块|台|套|株|粒|颗|条|篇|家|所|位|章|节|级|代|期|篇|字|分钟|秒|克|千克|公斤|吨|米|千米|公里|毫米|厘米|升|毫升|亩|公顷|平方米|立方米|度|摄氏度|伏|瓦|千瓦|赫兹|帕|兆帕|牛)/u;
const CN_NUMBER = /(?:[两二三四五六七八九十百千万]|[一二三四五六七八九][十百千万]|十[一二三四五六七八九])+(?:个|种|类|组|项|名|例|次|年|倍|层|级|步|阶段|方面|部分|大类|维|天|周|月)/gu;

/** Fixed expressions of academic writing that must read exactly so (a rewrite would change what they assert). */
const FIXED_PHRASES = [
  '差异有统计学意义', '差异无统计学意义', '具有统计学意义', '有统计学意义', '无统计学意义', '统计学意义', '显著性差异', '差异显著', '差异不显著',
  '差异极显著', '极显著', '随机对照', '随机数字表法', '随机分为', '随机分成', '95%置信区间', '置信区间', '标准差', '平均值', '中位数', '相关系数',
  '显著正相关', '显著负相关', '呈正相关', '呈负相关', '正相关', '负相关', '比值比', '危险因素', '独立危险因素', '多因素分析', '单因素分析',
  '回归分析', '方差分析', '卡方检验', '均数±标准差',
];

/** Every occurrence of each phrase (longest first) as a span of the given kind. */
function everywhere(text: string, phrases: readonly string[], kind: ProtectedKind, add: (start: number, end: number, kind: ProtectedKind) => void) {
  const sorted = [...new Set(phrases.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  for (const phrase of sorted) {
    for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) add(at, at + phrase.length, kind);
  }
}

/** Every protected span of a text, overlapping ones merged (the kind of the first found wins). */
export function findProtectedSpans(text: string, options: ProtectOptions = {}): ProtectedSpan[] {
  const found: ProtectedSpan[] = [];
  const add = (start: number, end: number, kind: ProtectedKind) => {
    if (end > start) found.push({ start, end, text: text.slice(start, end), kind });
  };
  for (const m of text.matchAll(QUOTES)) add(m.index, m.index + m[0].length, 'quote');
  for (const m of text.matchAll(CITATION)) add(m.index, m.index + m[0].length, 'citation');
  for (const m of text.matchAll(MARKER)) add(m.index, m.index + m[0].length, 'marker');
  for (const m of text.matchAll(LABEL)) add(m.index, m.index + m[0].length, 'label');
  everywhere(text, options.terms ?? [], 'term', add);
  everywhere(text, options.documentTerms ?? [], 'technical', add);
  for (const m of text.matchAll(ASCIIISH)) {
    let end = m.index + m[0].length;
    let raw = m[0];
    // Parentheses are only part of the span when balanced inside it.
    while (raw.length > 0 && /^[(（]/u.test(raw) && !/[)）]/u.test(raw)) {
      raw = raw.slice(1);
      m.index += 1;
    }
    if (!raw || !/[A-Za-z0-9０-９Ａ-Ｚａ-ｚα-ωΑ-Ω√∑∏∫∂∞]/u.test(raw)) continue;
    const opens = (raw.match(/[(（]/gu) ?? []).length;
    const closes = (raw.match(/[)）]/gu) ?? []).length;
    if (closes > opens && /[)）]$/u.test(raw)) {
      raw = raw.slice(0, -1);
      end -= 1;
    }
    const numeric = /^[0-9０-９.,%‰℃°~～\-–×^ ]+$/u.test(raw) || /^[0-9０-９]/u.test(raw);
    const kind: ProtectedKind = FORMULA_SIGN.test(raw) ? 'formula' : numeric ? 'number' : 'latin';
    if (/[0-9０-９%]$/u.test(raw)) {
      const unit = CJK_UNIT.exec(text.slice(end, end + 4));
      if (unit) end += unit[0].length;
    }
    add(m.index, end, kind);
  }
  for (const m of text.matchAll(CN_NUMBER)) add(m.index, m.index + m[0].length, 'number');
  everywhere(text, FIXED_PHRASES, 'technical', add);
  if (options.technical !== false && /\p{Script=Han}/u.test(text)) {
    const tokens = tagWords(text);
    let at = 0;
    for (const { word, tag } of tokens) {
      if (NAME_TAGS.has(tag) && /^\p{Script=Han}{2,}$/u.test(word)) add(at, at + word.length, 'name');
      at += word.length;
    }
    for (const s of termSpans(text, tokens)) add(s.start, s.end, 'technical');
  }
  return mergeSpans(text, found);
}

const KIND_ORDER: ProtectedKind[] = ['quote', 'citation', 'marker', 'label', 'term', 'formula', 'latin', 'number', 'name', 'technical'];

function mergeSpans(text: string, spans: ProtectedSpan[]): ProtectedSpan[] {
  const order = (s: ProtectedSpan) => KIND_ORDER.indexOf(s.kind);
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || order(a) - order(b));
  const out: ProtectedSpan[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      if (s.end > last.end) {
        last.end = s.end;
        last.text = text.slice(last.start, last.end);
      }
      if (order(s) < order(last)) last.kind = s.kind;
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

function occurrences(text: string, piece: string): number {
  let n = 0;
  for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + piece.length)) n++;
  return n;
}

/** The protected spans a candidate lost or altered: each must occur in it as often as in the original. */
export function missingSpans(spans: readonly ProtectedSpan[], candidate: string): ProtectedSpan[] {
  const need = new Map<string, number>();
  for (const s of spans) need.set(s.text, (need.get(s.text) ?? 0) + 1);
  const missing: ProtectedSpan[] = [];
  for (const [piece, count] of need) {
    if (occurrences(candidate, piece) < count) missing.push(...spans.filter((s) => s.text === piece));
  }
  return missing;
}

export const keepsProtected = (spans: readonly ProtectedSpan[], candidate: string) => missingSpans(spans, candidate).length === 0;

// ---- Masking for the model: each protected span becomes a placeholder ⟦n⟧ the model is told to keep.

export interface Masked {
  text: string;
  /** slots[n - 1] is the text placeholder ⟦n⟧ stands for. */
  slots: string[];
}

const OPEN = '⟦';
const CLOSE = '⟧';
const PLACEHOLDER = /⟦\s*(\d{1,4})\s*⟧/gu;

/** Replaces the given spans (non-overlapping, in order) by placeholders. */
export function maskSpans(text: string, spans: readonly ProtectedSpan[]): Masked {
  const slots: string[] = [];
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start);
    slots.push(s.text);
    out += `${OPEN}${slots.length}${CLOSE}`;
    at = s.end;
  }
  out += text.slice(at);
  return { text: out, slots };
}

/** The model's answer with its placeholders restored, or null when one is missing, repeated or unknown. */
export function unmaskText(answer: string, slots: readonly string[]): string | null {
  const seen = new Array<number>(slots.length).fill(0);
  let bad = false;
  const restored = answer.replace(PLACEHOLDER, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= slots.length) {
      bad = true;
      return '';
    }
    seen[i]++;
    return slots[i];
  });
  if (bad || seen.some((count) => count !== 1)) return null;
  if (restored.includes(OPEN) || restored.includes(CLOSE)) return null;
  return restored;
}

/** Whether the text itself contains the placeholder brackets (then it cannot be masked safely). */
export const hasPlaceholderMarks = (text: string) => text.includes(OPEN) || text.includes(CLOSE);
