import { alignPair, indexText } from '../similarity/align';
import { DEFAULT_PARAMS } from '../similarity/params';
import { normalizeForMatching } from '../text/normalize';
import { findProtectedSpans, type ProtectedSpan } from './protect';
import { pick, seededRandom } from './random';
import { tagWords } from './segment';
import { SYNONYMS, type SynonymEntry } from './synonyms';

// 智能降重: the offline rewording engine. A paragraph is segmented and tagged (jieba), its protected spans
// become pieces nothing touches, then: structure transforms (clause reordering, 对…进行 → verb-object,
// 把/被, splitting and joining sentences), synonym substitution from the curated dictionary, and a last
// pass that measures the rewrite against the original with our 查重 alignment and breaks every run of 13
// or more shared characters where a light edit can (a weak synonym, 的/了 added or dropped).
// Deterministic for a seed: the only randomness is the seeded generator.

export interface Piece {
  text: string;
  tag: string;
  /** A protected span: never changed, never split. */
  fixed: boolean;
  /** Already rewritten (substituted, inserted or moved by a transform). */
  changed: boolean;
}

export interface SmartSettings {
  /** Probability of substituting a word that has (non-weak) alternatives. */
  substitute: number;
  /** Probability of applying each applicable structure transform. */
  transform: number;
  /** Break runs of 13+ shared characters (the 查重 threshold) where possible. */
  breakRuns: boolean;
  /** 降AIGC: drop the ordering and summing-up connectives chat models open clauses with (首先，… 综上所述，…). */
  dropTemplates?: boolean;
}

export const SMART_SETTINGS: SmartSettings = { substitute: 0.6, transform: 0.6, breakRuns: true };

const END = new Set(['。', '！', '？', '；', '!', '?', ';', '.']);
const CLAUSE = new Set(['，', ',', '：', ':', ...END]);
const PUNCT = /^[\p{P}\s]+$/u;
const CONNECTIVE_START = /^(?:因此|因而|所以|同时|此外|另外|但是|然而|不过|而且|并且|首先|其次|然后|最后|最终|总之|例如|此时|其中|由此|据此|综上)/u;
const ACTIONS = new Set(['提出', '建立', '分析', '研究', '设计', '采用', '构建', '探讨', '介绍', '阐述', '讨论', '总结', '比较', '验证', '开发', '利用', '给出', '得到', '获得', '发现', '考察', '评价', '测定', '制备', '实现', '完成', '明确', '揭示', '选取', '确定', '提高', '改进', '优化', '建构', '观察', '检测', '构造', '引入', '探究']);

const piece = (text: string, tag = 'x', changed = true): Piece => ({ text, tag, fixed: false, changed });
const isPunct = (p: Piece | undefined) => p !== undefined && p.tag === 'x' && PUNCT.test(p.text);
/** A protected technical or user term (Chinese), as opposed to a number, Latin text or a quotation. */
const isTerm = (p: Piece | undefined) => p !== undefined && p.fixed && /^\p{Script=Han}/u.test(p.text);
const isNoun = (p: Piece | undefined) => p !== undefined && !p.fixed && /^(?:n|nz|nt|ns|nr|vn|ng)$/.test(p.tag) && p.text.length >= 2;

/** The pieces of a paragraph: protected spans whole, the text between them segmented and tagged. */
export function toPieces(text: string, spans: readonly ProtectedSpan[]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  const free = (s: string) => {
    if (!s) return;
    for (const t of tagWords(s)) out.push({ text: t.word, tag: t.tag, fixed: false, changed: false });
  };
  for (const s of spans) {
    free(text.slice(at, s.start));
    out.push({ text: s.text, tag: 'P', fixed: true, changed: false });
    at = s.end;
  }
  free(text.slice(at));
  return out;
}

function allowed(entry: SynonymEntry, pieces: Piece[], i: number): boolean {
  const p = pieces[i];
  if (entry.tags && !entry.tags.has(p.tag)) return false;
  let prev: Piece | undefined;
  for (let j = i - 1; j >= 0 && !prev; j--) if (pieces[j].text) prev = pieces[j];
  let next: Piece | undefined;
  for (let j = i + 1; j < pieces.length && !next; j++) if (pieces[j].text) next = pieces[j];
  // A heading word (目的 方法 结果 结论 followed by a space or colon) stays as it is.
  const after = pieces[i + 1]?.text ?? '';
  if (/^[\s:：]/u.test(after) && /^(?:目的|方法|结果|结论|背景|讨论|摘要|关键词)$/.test(p.text)) return false;
  if (entry.notAfter && prev && [...entry.notAfter].some((w) => prev.text.endsWith(w))) return false;
  if (entry.notBefore && next && [...entry.notBefore].some((w) => next.text.startsWith(w))) return false;
  if (entry.onlyAfter && !(prev && entry.onlyAfter.has(prev.text))) return false;
  if (entry.notBeforeNoun && next && (next.fixed || /^(?:n|vn|ng|nz|nr|ns|nt|j)/.test(next.tag))) return false;
  if (entry.clauseStart && prev && !(isPunct(prev) && CLAUSE.has(prev.text))) return false;
  return true;
}

function substitute(pieces: Piece[], i: number, random: () => number, weakToo: boolean): boolean {
  const p = pieces[i];
  if (p.fixed || p.changed) return false;
  const entry = SYNONYMS.get(p.text);
  if (!entry || (entry.weak && !weakToo) || !entry.alts.length || !allowed(entry, pieces, i)) return false;
  pieces[i] = { ...p, text: pick(entry.alts, random), changed: true };
  return true;
}

// ---- Structure transforms, on one sentence (its pieces, the closing mark included).

type Transform = (s: Piece[], random: () => number) => Piece[] | null;

const firstIndex = (s: Piece[], test: (p: Piece) => boolean, from = 0) => {
  for (let i = from; i < s.length; i++) if (test(s[i])) return i;
  return -1;
};
const comma = (p: Piece) => !p.fixed && (p.text === '，' || p.text === ',');
const closing = (s: Piece[]) => (s.length && END.has(s[s.length - 1].text) ? s.length - 1 : s.length);
// Moving words changes no text: moved pieces stay editable (their runs are still measured).
const moved = (ps: Piece[]) => ps;

/** 为了A，B。 → B，以A。 */
const purposeLast: Transform = (s) => {
  if (s[0]?.text !== '为了') return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  if (c < 2 || c >= end - 1 || firstIndex(s.slice(c + 1, end), comma) >= 0) return null;
  return [...moved(s.slice(c + 1, end)), piece('，'), piece('以', 'p'), ...moved(s.slice(1, c)), ...s.slice(end)];
};

/** 由于A，B。 → B，原因在于A。 */
const causeLast: Transform = (s) => {
  if (s[0]?.text !== '由于' && s[0]?.text !== '因为') return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  if (c < 2 || c >= end - 1 || firstIndex(s.slice(1, c), (p) => p.text === '，') >= 0) return null;
  let b = s.slice(c + 1, end);
  if (b[0] && /^(?:所以|因此|因而|故)$/.test(b[0].text)) b = b.slice(1);
  if (!b.length) return null;
  return [...moved(b), piece('，'), piece('原因在于', 'v'), ...moved(s.slice(1, c)), ...s.slice(end)];
};

/** 虽然A，但B。 → B，尽管A。 */
const concessionLast: Transform = (s) => {
  if (s[0]?.text !== '虽然' && s[0]?.text !== '尽管') return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  if (c < 2 || c >= end - 1) return null;
  let b = s.slice(c + 1, end);
  if (b[0] && /^(?:但|但是|然而|却)$/.test(b[0].text)) b = b.slice(1);
  if (!b.length) return null;
  return [...moved(b), piece('，'), piece('尽管', 'c'), ...moved(s.slice(1, c)), ...s.slice(end)];
};

/** 对X进行(了)Y → Y(了)X, when Y is one verb closing the clause. */
const verbObject: Transform = (s) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i].text !== '对' || s[i].fixed) continue;
    const k = firstIndex(s, (p) => p.text === '进行' && !p.fixed, i + 2);
    if (k < 0 || k - i > 7) continue;
    const object = s.slice(i + 1, k);
    if (object.some((p) => isPunct(p) || p.text === '对' || /^(?:v|p|c)$/.test(p.tag))) continue;
    const le = s[k + 1]?.text === '了' ? 1 : 0;
    const verb = s[k + 1 + le];
    const after = s[k + 2 + le];
    if (!verb || verb.fixed || !/^(?:v|vn)$/.test(verb.tag) || verb.text.length !== 2) continue;
    if (after && !isPunct(after)) continue;
    const out = [...s.slice(0, i), verb];
    if (le) out.push(piece('了', 'ul'));
    return [...out, ...moved(object), ...s.slice(k + 2 + le)];
  }
  return null;
};

/** A把B V… → B被A V… (A a short noun phrase), and X被Y V… → Y把X V… (Y nouns only). */
const baBei: Transform = (s) => {
  const clauseStart = (i: number) => {
    let j = i;
    while (j > 0 && !isPunct(s[j - 1])) j--;
    return j;
  };
  for (let i = 1; i < s.length - 2; i++) {
    const p = s[i];
    if (p.fixed || p.tag !== 'p' || (p.text !== '把' && p.text !== '被')) continue;
    const start = clauseStart(i);
    const left = s.slice(start, i);
    const v = firstIndex(s, (q) => q.tag === 'v' || isPunct(q), i + 1);
    if (v < 0 || isPunct(s[v]) || v === i + 1) continue;
    const right = s.slice(i + 1, v);
    const nouny = (ps: Piece[]) => ps.length > 0 && ps.every((q) => q.fixed || /^(?:n|nz|nt|ns|nr|vn|r|m|q|a|uj|b)$/.test(q.tag));
    const chars = (ps: Piece[]) => ps.reduce((n, q) => n + q.text.length, 0);
    if (!nouny(left) || !nouny(right) || chars(left) > 10) continue;
    if (left.some((q) => q.tag === 'r' && /^(?:本文|我们|笔者|本研究|作者)$/.test(q.text))) continue;
    const swapped = p.text === '把' ? '被' : '把';
    return [...s.slice(0, start), ...moved(right), piece(swapped, 'p'), ...moved(left), ...s.slice(v)];
  }
  return null;
};

const TRANSFORMS: Transform[] = [purposeLast, causeLast, concessionLast, verbObject, baBei];

/** A long sentence split at ，并 / ，从而: “A，并B。” → “A。在此基础上，B。” */
function splitSentence(s: Piece[]): Piece[][] | null {
  for (let i = 6; i < s.length - 3; i++) {
    if (!comma(s[i])) continue;
    const next = s[i + 1];
    if (next.fixed || !(next.text === '并' || next.text === '从而' || next.text === '进而')) continue;
    const before = s.slice(0, i).reduce((n, p) => n + p.text.length, 0);
    if (before < 15) continue;
    const lead = next.text === '并' ? '在此基础上' : '由此';
    return [[...s.slice(0, i), piece('。')], [piece(lead, 'c'), piece('，'), ...s.slice(i + 2)]];
  }
  return null;
}

const sentenceChars = (s: Piece[]) => s.reduce((n, p) => n + p.text.length, 0);

/** Two short sentences joined by a semicolon. */
function joinable(a: Piece[], b: Piece[]): boolean {
  const last = a[a.length - 1];
  return last?.text === '。' && !last.fixed && sentenceChars(a) < 30 && sentenceChars(b) < 30 && !CONNECTIVE_START.test(b[0]?.text ?? '') && !b[0]?.fixed;
}

function sentences(pieces: Piece[]): Piece[][] {
  const out: Piece[][] = [];
  let current: Piece[] = [];
  for (const p of pieces) {
    current.push(p);
    if (!p.fixed && END.has(p.text)) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

// ---- 降AIGC: the connectives chat models open clauses with (the detector's lexicon weighs them), dropped with
// their comma. Only at the start of a sentence or clause, never inside a protected span.
const TEMPLATE_OPENERS = [
  '首先', '其次', '再次', '最后', '此外', '另外', '总之', '综上所述', '综上', '总而言之', '总的来说', '与此同时', '除此之外',
  '值得注意的是', '需要注意的是', '由此可见', '可以看出', '一般来说', '具体来说', '具体而言', '通常情况下',
];

function dropTemplateOpeners(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < pieces.length) {
    const prev = out[out.length - 1];
    const atStart = !prev || (isPunct(prev) && CLAUSE.has(prev.text));
    if (atStart && !pieces[i].fixed) {
      let text = '';
      let j = i;
      while (j < pieces.length && !pieces[j].fixed && !isPunct(pieces[j]) && text.length < 6) text += pieces[j++].text;
      const after = pieces[j];
      if (TEMPLATE_OPENERS.includes(text) && after && !after.fixed && (after.text === '，' || after.text === ',') && pieces[j + 1] && !isPunct(pieces[j + 1])) {
        i = j + 1;
        continue;
      }
    }
    out.push(pieces[i++]);
  }
  return out;
}

// ---- Breaking runs of 13+ characters the rewrite still shares with the original.

const nounish = (p: Piece | undefined) => p !== undefined && (isNoun(p) || isTerm(p) || (!p.fixed && /^(?:b|nz|nt|ns)$/.test(p.tag)));
const ORDERED = /依次|顺序|分别|排序|排列|由高到低|由低到高|从高到低|从大到小|从小到大|先后|其次|再次|最低|最高|之后|然后|前者|后者/u;

/** The clause around piece i: [start, end) between clause punctuation. */
function clauseAround(pieces: Piece[], i: number): [number, number] {
  let a = i;
  while (a > 0 && !(isPunct(pieces[a - 1]) && pieces[a - 1].text !== '、')) a--;
  return [a, clauseEnd(pieces, i)];
}

/** Where the clause of piece i ends (its closing mark, or the end); 、 does not end one. */
function clauseEnd(pieces: Piece[], i: number): number {
  let b = i;
  while (b < pieces.length && !(isPunct(pieces[b]) && pieces[b].text !== '、')) b++;
  return b;
}

/** A和B → B和A, when A and B are whole items (single nouns) and nothing says the order matters. */
function swapPair(pieces: Piece[], i: number): boolean {
  const p = pieces[i];
  if (p.fixed || !/^(?:和|与|及|以及)$/.test(p.text)) return false;
  const a = pieces[i - 1];
  const b = pieces[i + 1];
  if (!nounish(a) || !nounish(b) || a.text === b.text) return false;
  if (nounish(pieces[i - 2]) || nounish(pieces[i + 2]) || pieces[i - 2]?.text === '、') return false;
  const [from, to] = clauseAround(pieces, i);
  if (ORDERED.test(pieces.slice(from, to).map((q) => q.text).join(''))) return false;
  pieces[i - 1] = b;
  pieces[i + 1] = a;
  pieces[i] = { ...p, changed: true };
  return true;
}

/** A、B、C、D → the inner items reordered (the first and last items' outer edges are not known for sure). */
function reorderList(pieces: Piece[], i: number, random: () => number): boolean {
  const [from, to] = clauseAround(pieces, i);
  const marks: number[] = [];
  for (let j = from; j < to; j++) if (pieces[j].text === '、' && !pieces[j].fixed) marks.push(j);
  if (marks.length < 3) return false;
  if (ORDERED.test(pieces.slice(from, to).map((q) => q.text).join(''))) return false;
  const items: Piece[][] = [];
  for (let k = 0; k + 1 < marks.length; k++) items.push(pieces.slice(marks[k] + 1, marks[k + 1]));
  if (items.some((it) => !it.length || it.some((q) => isPunct(q)))) return false;
  // Numbered items (years, sample sizes) are usually listed in their order.
  if (items.some((it) => /^[0-9０-９]/u.test(it[0].text))) return false;
  const order = items.map((_, k) => k);
  // A rotation by a seeded amount: every item moves.
  const shift = 1 + Math.floor(random() * (order.length - 1));
  const rotated = order.map((_, k) => items[(k + shift) % items.length]);
  const rebuilt: Piece[] = [];
  rotated.forEach((it, k) => {
    if (k > 0) rebuilt.push(piece('、'));
    rebuilt.push(...it);
  });
  pieces.splice(marks[0] + 1, marks[marks.length - 1] - marks[0] - 1, ...rebuilt);
  pieces[marks[0]] = { ...pieces[marks[0]], changed: true };
  return true;
}

/** Another verb (or the copula 为) later in the clause: the verb at i then likely describes its object (检测波长为230 nm). */
function verbLater(pieces: Piece[], i: number): boolean {
  const end = clauseEnd(pieces, i);
  for (let j = i + 1; j < end; j++) if (!pieces[j].fixed && (pieces[j].tag.startsWith('v') || /^(?:为|是|达)$/.test(pieces[j].text))) return true;
  return false;
}

/** A 的 among the three pieces either side (a second one close by reads badly). */
function nearDe(pieces: Piece[], i: number): boolean {
  for (let j = Math.max(0, i - 3); j <= Math.min(pieces.length - 1, i + 3); j++) if (pieces[j].text === '的' || pieces[j].text === '之') return true;
  return false;
}

function lightEdit(pieces: Piece[], i: number, random: () => number, level: 1 | 2 | 3): boolean {
  const p = pieces[i];
  if (p.changed) return false;
  if (!p.fixed && substitute(pieces, i, random, true)) return true;
  const prev = pieces[i - 1];
  const next = pieces[i + 1];
  if (p.text === '、') {
    if (reorderList(pieces, i, random)) return true;
    pieces[i] = { ...p, text: pick(['和', '及', '与'], random), tag: 'c', changed: true };
    return true;
  }
  if (swapPair(pieces, i)) return true;
  if ((p.text === '了' || p.text === '着') && (p.tag === 'ul' || p.tag === 'uz') && prev?.tag === 'v' && next && !isPunct(next)) {
    pieces[i] = { ...p, text: '', changed: true };
    return true;
  }
  if (p.text === '的' && p.tag === 'uj' && (isNoun(next) || isTerm(next)) && (prev?.tag === 'a' || isNoun(prev) || isTerm(prev) || prev?.tag === 'v') && prev!.text.length >= 2) {
    pieces[i] = { ...p, text: '', changed: true };
    return true;
  }
  if (ACTIONS.has(p.text) && p.tag.startsWith('v') && next && !isPunct(next) && !/^[了过着的]/.test(next.text) && /^(?:n|nz|vn|m|r|a|b|P)/.test(next.tag) && !verbLater(pieces, i)) {
    pieces.splice(i + 1, 0, piece('了', 'ul'));
    pieces[i] = { ...p, changed: true };
    return true;
  }
  // 所提出的方法 → 提出的方法
  if (p.text === '所' && next?.tag === 'v' && pieces[i + 2]?.text === '的') {
    pieces[i] = { ...p, text: '', changed: true };
    return true;
  }
  // 以X为Y → 将X作为Y
  if (p.text === '以' && p.tag === 'p') {
    for (let j = i + 2; j < Math.min(pieces.length, i + 12); j++) {
      const q = pieces[j];
      if (isPunct(q) || q.tag === 'v') break;
      if (q.text === '为' && !q.fixed && !q.changed) {
        pieces[i] = { ...p, text: '将', changed: true };
        pieces[j] = { ...q, text: '作为', tag: 'v', changed: true };
        return true;
      }
    }
  }
  // 产量为20336 kg → 产量是20336 kg
  if (p.text === '为' && next?.fixed && /^[0-9０-９]/u.test(next.text) && (isNoun(prev) || prev?.tag === 'n')) {
    pieces[i] = { ...p, text: pick(['是', '达'], random), changed: true };
    return true;
  }
  // X之Y → X的Y, and in a last resort X的Y → X之Y
  if (p.text === '之' && p.tag === 'u' && next && !next.text.startsWith('一')) {
    pieces[i] = { ...p, text: '的', changed: true };
    return true;
  }
  if (level === 2 && p.text === '的' && p.tag === 'uj' && prev && next && (isNoun(prev) || isTerm(prev)) && (isNoun(next) || isTerm(next) || next.tag === 'b')) {
    pieces[i] = { ...p, text: '之', changed: true };
    return true;
  }
  if (p.tag === 'v' && p.text.length === 2 && next?.text === '的' && !/^[经被已]$/.test(prev?.text ?? '')) {
    pieces.splice(i, 0, piece('经', 'p'));
    pieces[i + 1] = { ...p, changed: true };
    return true;
  }
  const after = pieces[i + 2];
  if ((/^(?:n|nt|ng)$/.test(p.tag) || p.tag === 'a') && p.text.length >= 2 && !p.fixed && isNoun(next) && !nearDe(pieces, i) && !after?.tag.startsWith('v')) {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    pieces[i] = { ...p, changed: true };
    return true;
  }
  // 分析数据。 → 对数据进行分析。 (an action verb and its short object closing the clause)
  if (ACTIONS.has(p.text) && p.tag === 'v' && prev?.text !== '对' && prev?.text !== '进行') {
    let j = i + 1;
    while (j < pieces.length && j - i <= 3 && (isNoun(pieces[j]) || isTerm(pieces[j]))) j++;
    if (j > i + 1 && (j === pieces.length || isPunct(pieces[j]))) {
      const object = pieces.slice(i + 1, j);
      pieces.splice(i, j - i, piece('对', 'p'), ...object, piece('进行', 'v'), { ...p, changed: true });
      return true;
    }
  }
  // Last resort: 的 between a protected term and a noun (柯尔克孜族的畜牧业).
  if (level === 2 && (isTerm(p) || isNoun(p)) && (isTerm(next) || isNoun(next)) && (isTerm(p) || isTerm(next)) && !nearDe(pieces, i) && !after?.tag.startsWith('v')) {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    return true;
  }
  if (level === 3) return lastResortEdit(pieces, i);
  return false;
}

/** Nouns as the segmenter tags domain words it does not know (显微镜/nr, 控制系统/l), two characters or more. */
const looseNoun = (p: Piece | undefined) => p !== undefined && !p.fixed && /^(?:n|nz|nt|ns|nr|nrt|vn|l)$/.test(p.tag) && p.text.length >= 2 && /^\p{Script=Han}+$/u.test(p.text);
/** 为 saying what something is (流速为1.0 ml/min, 其次为三康8号), not whom something is for (为临床提供依据). */
function isCopula(pieces: Piece[], i: number): boolean {
  const prev = pieces[i - 1];
  if (!prev || isPunct(prev) || prev.tag === 'p' || /[以作成称视认分]$/u.test(prev.text)) return false;
  const end = clauseEnd(pieces, i);
  for (let j = i + 1; j < end; j++) if (!pieces[j].fixed && /^(?:v|p)/.test(pieces[j].tag)) return false;
  return end > i + 1;
}
const HEADING_LEAD: Record<string, string> = { 结果: '显示', 结论: '表明' };

/**
 * Edits for a run nothing lighter could break (most of them chained to protected spans), each one a plain
 * rephrasing: 的 between two protected terms side by side (单纯收缩期高血压的肾虚血瘀证) or between a term and the
 * noun or nominal verb next to it, even near another 的; a structured abstract's heading followed by its finding
 * (结果 A组… → 结果显示 A组…); the copula 为 after a noun (色谱柱为C18 → 色谱柱是C18); 的 between two nouns
 * (边缘总厚度 → 边缘的总厚度, 控制系统模型 → 控制系统的模型); 地 dropped after an adverb or adjective before its verb
 * (成功地举行 → 成功举行), and 的 dropped between a noun and the verb it is the object of (资源的挖掘 → 资源挖掘).
 */
export function lastResortEdit(pieces: Piece[], i: number): boolean {
  const p = pieces[i];
  const prev = pieces[i - 1];
  const next = pieces[i + 1];
  const after = pieces[i + 2];
  if (isTerm(p) && next && !next.fixed && next.text !== '的' && (isNoun(next) || next.tag === 'vn') && prev?.text !== '的') {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    return true;
  }
  if (isNoun(p) && !p.changed && isTerm(next) && prev?.text !== '的' && p.text.length >= 2) {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    return true;
  }
  if (isTerm(p) && isTerm(next)) {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    return true;
  }
  const lead = HEADING_LEAD[p.text];
  if (lead && next && /^[\s:：]+$/u.test(next.text) && after && !isPunct(after) && (!prev || isPunct(prev))) {
    pieces.splice(i + 1, 0, piece(lead, 'v'));
    pieces[i] = { ...p, changed: true };
    return true;
  }
  if (p.text === '为' && !p.fixed && p.tag === 'p' && isCopula(pieces, i)) {
    pieces[i] = { ...p, text: '是', tag: 'v', changed: true };
    return true;
  }
  const noDeAround = prev?.text !== '的' && after?.text !== '的';
  if (looseNoun(p) && isTerm(next) && noDeAround && !after?.tag.startsWith('v')) {
    pieces.splice(i + 1, 0, piece('的', 'uj'));
    return true;
  }
  if ((looseNoun(p) || isTerm(p)) && noDeAround && next && !next.fixed) {
    // Two two-character nouns side by side are often one term (质量浓度): split only with no other 的 close by.
    if (looseNoun(next) && (p.text.length > 2 || next.text.length > 2 || !nearDe(pieces, i)) && !after?.tag.startsWith('v')) {
      pieces.splice(i + 1, 0, piece('的', 'uj'));
      return true;
    }
    if (next.tag === 'b' && (looseNoun(after) || isTerm(after))) {
      pieces.splice(i + 1, 0, piece('的', 'uj'));
      return true;
    }
  }
  if (p.text === '的' && !p.fixed && p.tag === 'uj' && !p.changed && (looseNoun(prev) || isTerm(prev)) && next && !next.fixed && /^(?:v|vn)$/.test(next.tag) && next.text.length >= 2) {
    pieces[i] = { ...p, text: '', changed: true };
    return true;
  }
  if (p.text === '地' && !p.fixed && p.tag === 'uv' && /^(?:a|ad|d)$/.test(prev?.tag ?? '') && next?.tag.startsWith('v')) {
    pieces[i] = { ...p, text: '', changed: true };
    return true;
  }
  return false;
}

function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** Exact runs of 13+ characters shared with the original, as ranges of pieces (start inclusive, end exclusive). */
function sharedRuns(original: Uint32Array, pieces: Piece[], minLength: number): Array<{ from: number; to: number; mid: number }> {
  const text = pieces.map((p) => p.text).join('');
  const normalized = normalizeForMatching(text);
  const alignments = alignPair(indexText(normalized.codes, DEFAULT_PARAMS.k), original, DEFAULT_PARAMS);
  if (!alignments.length) return [];
  // Code point offset of every piece.
  const starts: number[] = [];
  let at = 0;
  for (const p of pieces) {
    starts.push(at);
    at += codePointLength(p.text);
  }
  const pieceAt = (cp: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= cp) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const runs: Array<{ from: number; to: number; mid: number }> = [];
  for (const al of alignments) {
    for (const run of al.pieces) {
      if (run.length < minLength) continue;
      const from = pieceAt(normalized.origins[run.a]);
      const to = pieceAt(normalized.origins[run.a + run.length - 1]) + 1;
      // One edit for every 10 characters or so, aimed at evenly spaced points of the run.
      const edits = Math.max(1, Math.floor(run.length / 10));
      for (let e = 0; e < edits; e++) {
        const mid = pieceAt(normalized.origins[run.a + Math.floor(((e + 0.5) * run.length) / edits)]);
        runs.push({ from, to, mid });
      }
    }
  }
  return runs.sort((x, y) => y.mid - x.mid || y.from - x.from);
}

function breakRuns(originalText: string, pieces: Piece[], random: () => number): void {
  const original = normalizeForMatching(originalText).codes;
  // Phase 1 breaks the runs of 13+; when some cannot be broken (a long protected span), phase 2 breaks the
  // shorter pieces chained to them, so the match stays the span alone instead of its whole neighbourhood.
  let minLength = DEFAULT_PARAMS.minMatch;
  for (let round = 0; round < 16; round++) {
    const runs = sharedRuns(original, pieces, minLength);
    if (!runs.length) return;
    let progress = false;
    // Right to left, so an insertion does not move the runs still to handle.
    for (const run of runs) {
      const order: number[] = [];
      for (let d = 0; d <= run.to - run.from; d++) {
        if (run.mid + d < run.to) order.push(run.mid + d);
        if (d > 0 && run.mid - d >= run.from) order.push(run.mid - d);
      }
      let done = false;
      for (const level of [1, 2, 3] as const) {
        for (const i of order) {
          if (lightEdit(pieces, i, random, level)) {
            done = true;
            break;
          }
        }
        if (done) break;
      }
      progress ||= done;
    }
    if (!progress) {
      if (minLength === DEFAULT_PARAMS.k) return;
      minLength = DEFAULT_PARAMS.k;
    }
  }
}

/** The offline rewrite of one paragraph (its protected spans given), before any check. */
export function smartRewrite(text: string, spans: readonly ProtectedSpan[], seed: number, settings: SmartSettings = SMART_SETTINGS): string {
  return smartRewriter(text, spans)(seed, settings);
}

/** Rewrites of one paragraph for any seed and settings, the text segmented once for all of them (the attempts). */
export function smartRewriter(text: string, spans: readonly ProtectedSpan[]): (seed: number, settings?: SmartSettings) => string {
  const segmented = toPieces(text, spans);
  return (seed, settings = SMART_SETTINGS) => rewritePieces(text, segmented.map((p) => ({ ...p })), seed, settings);
}

function rewritePieces(text: string, segmented: Piece[], seed: number, settings: SmartSettings): string {
  const random = seededRandom(seed);
  let list = sentences(segmented);

  // Structure: at most one transform per sentence, then splits and joins.
  list = list.map((s) => {
    for (const t of TRANSFORMS) {
      const out = t(s, random);
      if (out && random() < settings.transform) return out;
    }
    return s;
  });
  const shaped: Piece[][] = [];
  for (const s of list) {
    const split = sentenceChars(s) > 50 && random() < settings.transform ? splitSentence(s) : null;
    if (split) shaped.push(...split);
    else shaped.push(s);
  }
  const joined: Piece[][] = [];
  for (const s of shaped) {
    const last = joined[joined.length - 1];
    if (last && joinable(last, s) && random() < settings.transform * 0.5) {
      last[last.length - 1] = piece('；');
      last.push(...s);
    } else joined.push([...s]);
  }

  let pieces = joined.flat();
  if (settings.dropTemplates) pieces = dropTemplateOpeners(pieces);
  for (let i = 0; i < pieces.length; i++) if (random() < settings.substitute) substitute(pieces, i, random, false);
  if (settings.breakRuns) breakRuns(text, pieces, random);
  return pieces.map((p) => p.text).join('');
}

/** Convenience: find the protected spans and rewrite. */
export function smartRewriteText(text: string, seed: number, terms: readonly string[] = [], settings?: SmartSettings): string {
  return smartRewrite(text, findProtectedSpans(text, { terms }), seed, settings);
}
