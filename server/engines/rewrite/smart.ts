import { codePointLength } from '../text/code-points';
import { passes } from './checks';
import { dictionaryTag, wordFrequency } from './dictionary';
import { findProtectedSpans, type ProtectedKind, type ProtectedSpan } from './protect';
import { pick, seededRandom } from './random';
import { tagWords } from './segment';
import type { SentenceStatus } from './sentences';
import { SYNONYMS, type SynonymEntry } from './synonyms';
import { isCompoundSuffix } from './terms';

// 智能降重: the offline rewording engine. First, do no harm: a paragraph is segmented and tagged (jieba),
// its protected spans and terms become pieces nothing touches, and each sentence gets only edits that keep
// it grammatical: a synonym from the curated dictionary where its part of speech, its neighbours and its
// object allow it (never inside a longer word), and a few structure transforms where the sentence's
// grammar is recognised (为了A，B → B，以A; 由于A，B → B，原因在于A; 虽然A，但B → B，尽管A; 对X进行V → VX). A
// sentence that comes out failing the checks (checks.ts), or with no safe edit at all, stays as it was
// and says so. Deterministic for a seed: the only randomness is the seeded generator.

export interface Piece {
  text: string;
  tag: string;
  /** A protected span: never changed, never split. */
  fixed: boolean;
  /** What the span is, for a fixed piece. */
  kind?: ProtectedKind;
  /** Already rewritten (substituted or moved by a transform). */
  changed: boolean;
}

export interface SmartSettings {
  /** Probability of substituting each word that has a safe alternative. */
  substitute: number;
  /** Probability of applying a structure transform that fits. */
  transform: number;
  /** 降AIGC: drop the summing-up connectives chat models open sentences with (此外，… 综上所述，…). */
  dropTemplates?: boolean;
}

export const SMART_SETTINGS: SmartSettings = { substitute: 0.7, transform: 0.7 };

const END = new Set(['。', '！', '？', '；', '!', '?', ';', '.']);
const CLAUSE = new Set(['，', ',', '：', ':', '、', ...END]);
const PUNCT = /^[\p{P}\s]+$/u;
/** Single characters that stand as words of their own; any other one-character neighbour may be part of a longer word. */
const FUNCTION_CHARS = new Set([...'的了着过地得和与及或并而且但在于以从对向把被将由为是有也都均就才又再还已可能会要使让给等中上下内外后前时其该此这那各每所不未没很更最较之即若如因故则虽仍亦其它他她们个种项次']);
/** Parts of speech that name things, for the object of a verb. */
const NOMINAL = /^(?:n|nz|nt|ns|nr|nrt|vn|an|j|ng|l|eng)$/u;

const piece = (text: string, tag = 'x'): Piece => ({ text, tag, fixed: false, changed: true });
const isPunct = (p: Piece | undefined) => p !== undefined && !p.fixed && p.tag === 'x' && PUNCT.test(p.text);
const isSpace = (p: Piece | undefined) => p !== undefined && !p.fixed && /^\s+$/u.test(p.text);
/** The tag a piece stands as: a protected term, name or label as a noun, a number as a numeral, Latin text as eng. */
const tagOf = (p: Piece) => (!p.fixed ? p.tag : p.kind === 'number' ? 'm' : p.kind === 'latin' || p.kind === 'formula' ? 'eng' : p.kind === 'citation' || p.kind === 'marker' ? 'x' : 'n');

/**
 * The pieces of a paragraph: protected spans whole, the rest as the segmenter cuts and tags the whole
 * paragraph (cut in context: a stretch between two spans cut alone would read 上加/用 where the sentence says
 * 上/加/用). The part of a word that runs into a span is tagged as nothing it could be edited as.
 */
export function toPieces(text: string, spans: readonly ProtectedSpan[]): Piece[] {
  const out: Piece[] = [];
  const free = (from: number, to: number, tag: string) => out.push({ text: text.slice(from, to), tag, fixed: false, changed: false });
  let s = 0;
  let emitted = -1;
  let at = 0;
  for (const t of tagWords(text)) {
    const start = at;
    const end = (at += t.word.length);
    let pos = start;
    while (s < spans.length && spans[s].start < end) {
      const span = spans[s];
      if (span.start > pos) free(pos, span.start, 'x');
      if (emitted < s) {
        out.push({ text: span.text, tag: 'P', fixed: true, kind: span.kind, changed: false });
        emitted = s;
      }
      pos = Math.max(pos, span.end);
      if (span.end > end) break;
      s++;
    }
    if (pos < end) free(pos, end, pos === start ? t.tag : 'x');
  }
  return out;
}

function neighbourAt(pieces: readonly Piece[], i: number, step: 1 | -1): number {
  for (let j = i + step; j >= 0 && j < pieces.length; j += step) if (pieces[j].text) return j;
  return -1;
}
const neighbour = (pieces: readonly Piece[], i: number, step: 1 | -1): Piece | undefined => pieces[neighbourAt(pieces, i, step)];

/** The tag the word at i stands as: a verb a one-character suffix closes into a noun (需求型产业, 生成率) is a noun. */
function standsAs(pieces: readonly Piece[], i: number): string {
  const tag = tagOf(pieces[i]);
  const after = pieces[neighbourAt(pieces, i, 1)];
  return /^v/.test(tag) && after !== undefined && !after.fixed && isCompoundSuffix(after.text) ? 'n' : tag;
}

/** A word one character long that is not a function word: the word at its side may be part of a longer one (云/计算, 均/一). */
const boundOneChar = (p: Piece | undefined) => p !== undefined && !p.fixed && !isPunct(p) && [...p.text].length === 1 && /\p{Script=Han}/u.test(p.text) && !FUNCTION_CHARS.has(p.text);

/** A common word of the dictionary reading across the word's edge in the original (如何 in 如何, 其中 in 其中): it is not a word of its own there. */
function straddled(pieces: readonly Piece[], i: number): boolean {
  const before = [...(neighbour(pieces, i, -1)?.text ?? '')].slice(-3).join('');
  const word = pieces[i].text;
  const after = [...(neighbour(pieces, i, 1)?.text ?? '')].slice(0, 3).join('');
  const window = [...(before + word + after)];
  const a = [...before].length;
  const b = a + [...word].length;
  for (const edge of [a, b]) {
    for (let from = Math.max(0, edge - 3); from < edge; from++) {
      for (let to = edge + 1; to <= Math.min(window.length, edge + 3); to++) {
        if (from === a && to === b) continue;
        if (to - from >= 2 && wordFrequency(window.slice(from, to).join('')) > 0) return true;
      }
    }
  }
  return false;
}

/**
 * The head noun of the object after the verb at i: the nominal word that closes the first noun phrase
 * after it, through 的-modifiers (提出了一种基于深度学习的图像分割方法 → 图像分割方法; 提供科学的依据 → 依据)
 * and coordination (高产、高淀粉等特点 → 特点); the last content word before the clause ends otherwise.
 */
export function objectHead(pieces: readonly Piece[], i: number): string | null {
  let end = i + 1;
  while (end < pieces.length && end <= i + 16 && !(isPunct(pieces[end]) && pieces[end].text !== '、')) end++;
  const window = pieces.slice(i + 1, end);
  const deLater = (j: number) => window.slice(j + 1).some((p) => p.text === '的' && !p.fixed);
  let afterDe = false;
  let last: string | null = null;
  for (let j = 0; j < window.length; j++) {
    const p = window[j];
    if (!p.text || isSpace(p) || p.text === '、') continue;
    if (p.text === '的' && !p.fixed) {
      afterDe = true;
      continue;
    }
    const tag = tagOf(p);
    // After 的 the head is the first word that is not a modifier (的广泛关注 → 关注).
    if (afterDe && /^(?:a|ad|d|m|q|b|mq)$/.test(tag) && window.slice(j + 1).some((q) => q.text && !isSpace(q) && !isPunct(q))) continue;
    const nominal = afterDe || NOMINAL.test(tag);
    afterDe = false;
    if (!/^(?:u|p|c|d|m|q|r|x)/.test(tag)) last = p.text;
    if (!nominal) continue;
    const next = window.slice(j + 1).find((q) => q.text && !isSpace(q));
    if (!next) return p.text;
    if (NOMINAL.test(tagOf(next)) || next.text === '的') continue;
    // A、B和C等D: the coordinated nouns run on to their head.
    if (!next.fixed && /^(?:、|和|与|及|以及|或|等)$/.test(next.text)) continue;
    // 基于深度学习的方法: a verb after the noun with a 的 still to come makes a modifier, not the head;
    // 图像分割方法: a verb between two nouns is inside the compound.
    const after = window.slice(window.indexOf(next) + 1).find((q) => q.text && !isSpace(q));
    if (/^v/.test(tagOf(next)) && (deLater(j) || (after !== undefined && NOMINAL.test(tagOf(after))))) continue;
    return p.text;
  }
  return last;
}

/**
 * A word the segmenter tagged as a preposition that is a verb here: after a modal (能够通过铁路枢纽), or 通过
 * with its noun phrase closed by 的 (通过铁路枢纽的车流量: a relative clause, not the means of what follows).
 */
function verbUse(pieces: readonly Piece[], i: number, prev: Piece | undefined): boolean {
  if (prev && !prev.fixed && /^(?:能|能够|可|可以|无法|不能|难以|未能|不会|会)$/.test(prev.text)) return true;
  // Only 通过 is a verb as often as a preposition; 随着X的发展 and 按照X的要求 are prepositions with 的 inside.
  if (pieces[i].text !== '通过') return false;
  for (let j = i + 1; j < pieces.length && j <= i + 8; j++) {
    const p = pieces[j];
    if (!p.text || isSpace(p)) continue;
    if (!p.fixed && p.text === '的') return true;
    if (p.fixed || /^(?:n|nz|nt|ns|nr|vn|an|j|ng|l|eng|m|q|a|b|r)$/.test(p.tag)) continue;
    return false;
  }
  return false;
}

/** Where a word stands as part of a noun phrase: after a noun and before 的, a conjunction, 等 or the end of a sentence (or, a preposition, before any punctuation). */
function nominalUse(pieces: readonly Piece[], i: number, prev: Piece | undefined, next: Piece | undefined): boolean {
  if (!next || next.text === '如下' || next.text === '之间') return true;
  if (pieces[i].tag === 'p') return isPunct(next) || verbUse(pieces, i, prev);
  // A verb closing its sentence has no object: it is a noun there (是…的最佳选择.).
  if (isPunct(next) && END.has(next.text)) return true;
  // 识别与利用之间: a verb coordinated with another is named, not done; so is one after a light verb (进行对比模拟).
  if (prev && !prev.fixed && /^(?:与|和|及|或|、|进行|开展|作|做|加以|予以|给予|以)$/.test(prev.text)) return true;
  const afterNoun = prev !== undefined && !isPunct(prev) && NOMINAL.test(tagOf(prev)) && prev.tag !== 'r';
  return afterNoun && ((!next.fixed && /^(?:的|和|与|及|以及|及其|或|等|、)$/.test(next.text)) || (isPunct(next) && END.has(next.text)));
}

const endsWithAny = (word: string, set: ReadonlySet<string>) => [...set].some((w) => word.endsWith(w));

/** Whether the dictionary's word at i may take one of its alternatives here. */
export function allowed(entry: SynonymEntry, pieces: readonly Piece[], i: number): boolean {
  const p = pieces[i];
  const prev = neighbour(pieces, i, -1);
  const next = neighbour(pieces, i, 1);
  // After 的 a word is a noun, whatever the segmenter says (科学的依据: 依据 is no preposition there).
  const tag = prev?.text === '的' ? 'n' : p.tag;
  if (entry.tags && !entry.tags.has(tag)) return false;
  if (boundOneChar(prev) || boundOneChar(next) || straddled(pieces, i)) return false;
  // A verb used as a noun (树种选择及其…, …的参考依据.) or a preposition without its object: not the word the entry means.
  if (/^[vp]$/.test(tag) && nominalUse(pieces, i, prev, next)) return false;
  if (entry.clauseStart && prev && !(isPunct(prev) && CLAUSE.has(prev.text)) && !(prev.fixed && prev.kind === 'label') && !isSpace(prev)) return false;
  if (entry.comma && !(next && (next.text === '，' || next.text === ','))) return false;
  if (entry.notAfter && prev && [...entry.notAfter].some((w) => prev.text.endsWith(w))) return false;
  if (entry.prevTags && prev && !isPunct(prev) && !isSpace(prev) && !entry.prevTags.has(tagOf(prev))) return false;
  if (entry.onlyAfter && !(prev && entry.onlyAfter.has(prev.text))) return false;
  if (entry.notBefore && next && [...entry.notBefore].some((w) => next.text.startsWith(w))) return false;
  if (entry.nextTags && !(next && !isPunct(next) && entry.nextTags.has(standsAs(pieces, neighbourAt(pieces, i, 1))))) return false;
  if (entry.long && !(next && !isPunct(next) && [...next.text].length >= 2)) return false;
  if (entry.objects || entry.notObjects || entry.objectNoun) {
    const head = objectHead(pieces, i);
    if (entry.objects && !(head && endsWithAny(head, entry.objects))) return false;
    if (entry.notObjects && head && endsWithAny(head, entry.notObjects)) return false;
    // A noun here and in the dictionary: the segmenter may tag a verb as a name in context (普及/ns).
    const nounTag = /^(?:n|nz|nt|ns|nr|j|l|eng)$/;
    if (entry.objectNoun && !(head && nounTag.test(tagOf(pieces.find((p) => p.text === head)!)) && (!dictionaryTag(head) || nounTag.test(dictionaryTag(head))))) return false;
  }
  if (entry.notInSentence) {
    for (let j = i - 1; j >= 0 && !(isPunct(pieces[j]) && END.has(pieces[j].text)); j--) if ([...entry.notInSentence].some((w) => pieces[j].text.includes(w))) return false;
  }
  if (entry.notInClause) {
    // By what a word contains: the segmenter may have run 将 into the word before it (上将), even into a term.
    for (let j = i - 1; j >= 0 && !(isPunct(pieces[j]) && !isSpace(pieces[j]) && pieces[j].text !== '、'); j--) if ([...entry.notInClause].some((w) => pieces[j].text.includes(w))) return false;
  }
  return true;
}

/** The dictionary's entry for the word at i when one of its alternatives may stand there. */
function substitutable(pieces: readonly Piece[], i: number): SynonymEntry | null {
  const p = pieces[i];
  if (p.fixed || p.changed) return null;
  const entry = SYNONYMS.get(p.text);
  return entry && entry.alts.length && allowed(entry, pieces, i) ? entry : null;
}

// ---- Structure transforms, on one sentence (its pieces, the closing mark included).

type Transform = (s: Piece[]) => Piece[] | null;

const firstIndex = (s: readonly Piece[], test: (p: Piece) => boolean, from = 0) => {
  for (let i = from; i < s.length; i++) if (test(s[i])) return i;
  return -1;
};
const comma = (p: Piece) => !p.fixed && (p.text === '，' || p.text === ',');
const closing = (s: readonly Piece[]) => (s.length && END.has(s[s.length - 1].text) && !s[s.length - 1].fixed ? s.length - 1 : s.length);
const hasVerb = (ps: readonly Piece[]) => ps.some((p) => !p.fixed && /^v/.test(p.tag));
/** A clause that opens with its subject (a noun, a pronoun other than 其, a protected term), not with a verb. */
const hasSubject = (ps: readonly Piece[]) => {
  const first = ps.find((p) => p.text && !isSpace(p));
  return first !== undefined && (first.fixed ? first.kind !== 'marker' && first.kind !== 'citation' : /^(?:n|nr|ns|nt|nz|r|l|j)/.test(first.tag) && !/^(?:其|它|这|此|该)$/.test(first.text));
};
const oneClause = (ps: readonly Piece[]) => firstIndex(ps, (p) => comma(p) || (isPunct(p) && CLAUSE.has(p.text) && p.text !== '、')) < 0;

/** 为了A，B。 → B，以A。 (A a verb phrase, B a clause with its subject). */
const purposeLast: Transform = (s) => {
  if (s[0]?.text !== '为了' || s[0].fixed) return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  const a = s.slice(1, c);
  const b = s.slice(c + 1, end);
  if (c < 2 || !a.length || !/^v/.test(a[0].tag) || a[0].fixed || !oneClause(a) || !b.length || !oneClause(b) || !hasSubject(b) || !hasVerb(b)) return null;
  return [...b, piece(s[c].text), piece('以', 'p'), ...a, ...s.slice(end)];
};

/** 由于A，(因此)B。 → B，原因在于A。 */
const causeLast: Transform = (s) => {
  if ((s[0]?.text !== '由于' && s[0]?.text !== '因为') || s[0].fixed) return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  const a = s.slice(1, c);
  let b = s.slice(c + 1, end);
  if (b[0] && !b[0].fixed && /^(?:所以|因此|因而|故)$/.test(b[0].text)) b = b.slice(1);
  if (c < 2 || !a.length || !oneClause(a) || !b.length || !oneClause(b) || !hasSubject(b) || !hasVerb(b)) return null;
  return [...b, piece(s[c].text), piece('原因在于', 'v'), ...a, ...s.slice(end)];
};

/** 虽然A，但(是)B。 → B，尽管A。 */
const concessionLast: Transform = (s) => {
  if ((s[0]?.text !== '虽然' && s[0]?.text !== '尽管') || s[0].fixed) return null;
  const c = firstIndex(s, comma);
  const end = closing(s);
  const a = s.slice(1, c);
  let b = s.slice(c + 1, end);
  if (b[0] && !b[0].fixed && /^(?:但|但是|然而|却)$/.test(b[0].text)) b = b.slice(1);
  if (c < 2 || !a.length || !oneClause(a) || !b.length || !oneClause(b) || !hasSubject(b) || !hasVerb(b)) return null;
  return [...b, piece(s[c].text), piece('尽管', 'c'), ...a, ...s.slice(end)];
};

/** 对X进行(了)V → V(了)X, when V is a two-character verb closing the clause and X a noun phrase. */
const verbObject: Transform = (s) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i].text !== '对' || s[i].fixed || s[i].tag !== 'p') continue;
    const k = firstIndex(s, (p) => p.text === '进行' && !p.fixed, i + 2);
    if (k < 0 || k - i > 8) continue;
    const object = s.slice(i + 1, k);
    if (object.some((p) => isPunct(p) || p.text === '对' || (!p.fixed && /^(?:v|p|c|d)$/.test(p.tag)))) continue;
    // 对其进行求解 is no 求解其.
    if (object.every((p) => p.tag === 'r' || isSpace(p))) continue;
    const le = s[k + 1]?.text === '了' ? 1 : 0;
    const verb = s[k + 1 + le];
    const after = s[k + 2 + le];
    if (!verb || verb.fixed || !/^(?:v|vn)$/.test(verb.tag) || [...verb.text].length !== 2) continue;
    // 进行了学习、研读: the verb heads a list, and 学习了X、研读 would strand the rest of it.
    if (after && (!isPunct(after) || after.text === '、')) continue;
    return [...s.slice(0, i), { ...verb, changed: true }, ...(le ? [piece('了', 'ul')] : []), ...object, ...s.slice(k + 2 + le)];
  }
  return null;
};

/** What 以X为 is followed by when it is a set phrase, not X taken as Y (以X为例, 以X为主). */
const YI_WEI_SET = /^(?:例|主|准|宜|佳|限|止|本|首|荣|重|先|生|伍|界|多|少|最|好|甚|最佳)/u;

/** 以X为Y… → 将X作为Y… (X a noun phrase, Y a noun): 以标准模型为基牙制备代型 → 将标准模型作为基牙制备代型. */
const yiWei: Transform = (s) => {
  for (let i = 0; i < s.length; i++) {
    if (s[i].text !== '以' || s[i].fixed || s[i].tag !== 'p') continue;
    const k = firstIndex(s, (p) => p.text === '为' && !p.fixed, i + 2);
    if (k < 0 || k - i > 10) continue;
    const object = s.slice(i + 1, k);
    if (object.some((p) => isPunct(p) || (!p.fixed && /^(?:v|p|c|d)$/.test(p.tag)))) continue;
    // 以A为B，以C为D (or 以A为B，C为D): one of two parallel phrases changed would break the parallel.
    if (s.some((p, j) => j !== i && !p.fixed && p.text === '以') || s.some((p, j) => j > k && !p.fixed && p.text === '为')) return null;
    const y = s[k + 1];
    if (!y || !NOMINAL.test(tagOf(y)) || [...y.text].length < 2 || YI_WEI_SET.test(y.text) || neighbour(s, k + 1, 1)?.text === '的') continue;
    return [...s.slice(0, i), { ...piece('将', 'p') }, ...object, piece('作为', 'v'), ...s.slice(k + 1)];
  }
  return null;
};

const TRANSFORMS: Transform[] = [purposeLast, causeLast, concessionLast, verbObject, yiWei];

// ---- 降AIGC: the summing-up connectives chat models open sentences with (the detector's lexicon weighs
// them), dropped with their comma at the start of a sentence. Ordinals (首先 其次 最后) stay: dropping one
// of a series would break it.
const TEMPLATE_OPENERS = new Set([
  '此外', '另外', '总之', '综上所述', '综上', '总而言之', '总的来说', '与此同时', '除此之外', '值得注意的是', '需要注意的是', '一般来说', '具体来说', '具体而言', '通常情况下',
]);

function dropTemplateOpener(s: Piece[]): Piece[] | null {
  let text = '';
  let j = 0;
  while (j < s.length && !s[j].fixed && !isPunct(s[j]) && [...text].length < 6) text += s[j++].text;
  if (TEMPLATE_OPENERS.has(text) && s[j] && comma(s[j]) && s[j + 1] && !isPunct(s[j + 1])) return s.slice(j + 1);
  return null;
}

/** Verbs of what a study did, after which 了 may go when their object follows (建立了模型 → 建立模型). */
const STUDY_ACTIONS = new Set([
  '提出', '建立', '分析', '研究', '设计', '构建', '探讨', '介绍', '阐述', '论述', '讨论', '总结', '比较', '验证', '开发', '得到', '获得', '发现', '考察',
  '评价', '测定', '制备', '实现', '完成', '确定', '改进', '优化', '引入', '探究', '简化', '采用', '给出', '得出', '揭示', '阐明', '综述', '概括',
  '归纳', '构造', '检验', '计算', '测量', '测试', '选取', '调查', '证明', '证实',
]);

/** 建立了模型 → 建立模型: the aspect particle after a verb of what the study did, its object following. */
function dropLe(s: Piece[], i: number): boolean {
  const p = s[i];
  const prev = s[i - 1];
  const next = neighbour(s, i, 1);
  if (p.fixed || p.text !== '了' || p.tag !== 'ul' || !prev || prev.fixed || !STUDY_ACTIONS.has(prev.text)) return false;
  if (!next || isPunct(next) || !/^(?:n|nz|vn|m|r|a|b|l|j|eng)$/.test(tagOf(next))) return false;
  s[i] = { ...p, text: '', changed: true };
  return true;
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

const textOf = (ps: readonly Piece[]) => ps.map((p) => p.text).join('');

/** One attempt at a sentence: a transform, the connective dropped (降AIGC), synonyms, at least one edit when any is possible. */
function editSentence(sentence: readonly Piece[], random: () => number, settings: SmartSettings): Piece[] {
  let s = sentence.map((p) => ({ ...p }));
  for (const t of TRANSFORMS) {
    const out = t(s);
    if (out) {
      if (random() < settings.transform) s = out;
      break;
    }
  }
  if (settings.dropTemplates) s = dropTemplateOpener(s) ?? s;
  const candidates: number[] = [];
  for (let i = 0; i < s.length; i++) if (substitutable(s, i) || (s[i].text === '了' && !s[i].fixed)) candidates.push(i);
  const apply = (i: number) => {
    if (s[i].text === '了') return dropLe(s, i);
    const entry = substitutable(s, i);
    if (!entry) return false;
    // A word the sentence already uses is not brought in a second time (借助…借助), nor one that doubles the
    // character beside it (造成致癌 → 导致致癌).
    const before = [...(neighbour(s, i, -1)?.text ?? '')].pop();
    const after = [...(neighbour(s, i, 1)?.text ?? '')][0];
    const alts = entry.alts.filter((alt) => !textOf(s).includes(alt) && [...alt][0] !== before && [...alt].pop() !== after);
    if (!alts.length) return false;
    s[i] = { ...s[i], text: pick(alts, random), changed: true };
    return true;
  };
  let edits = 0;
  for (const i of candidates) if (random() < settings.substitute && apply(i)) edits++;
  if (!edits && settings.substitute > 0 && textOf(s) === textOf(sentence) && candidates.length) {
    const order = [...candidates].sort(() => random() - 0.5);
    for (const i of order) if (apply(i)) break;
  }
  return s;
}

export interface OfflineParagraph {
  text: string;
  sentences: SentenceStatus[];
}

/** Attempts per sentence (seeds derived from the paragraph's) before it is kept as it was. */
const SENTENCE_ATTEMPTS = 4;

/**
 * The offline rewrite of one paragraph, sentence by sentence, each sentence checked; the status of every
 * sentence (rewritten, or kept and why) in code points of the original.
 */
export function rewriteSentences(text: string, spans: readonly ProtectedSpan[], terms: readonly string[], seed: number, settings: SmartSettings = SMART_SETTINGS): OfflineParagraph {
  const list = sentences(toPieces(text, spans));
  let out = '';
  let at = 0;
  const statuses: SentenceStatus[] = [];
  list.forEach((sentence, index) => {
    const original = textOf(sentence);
    const start = at;
    at += codePointLength(original);
    const editable = sentence.some((p) => !p.fixed && !isPunct(p) && /\p{Script=Han}/u.test(p.text));
    let rewritten: string | null = null;
    if (editable) {
      for (let attempt = 0; attempt < SENTENCE_ATTEMPTS && rewritten === null; attempt++) {
        const random = seededRandom((seed + index * 0x2545f491 + attempt * 0x9e3779b9) >>> 0);
        const candidate = textOf(editSentence(sentence, random, settings));
        if (candidate !== original && passes({ original, candidate, spans: fixedSpans(sentence), terms })) rewritten = candidate;
      }
    }
    out += rewritten ?? original;
    statuses.push(rewritten === null ? { start, end: at, status: 'kept', reason: editable ? 'no-safe-edit' : 'protected' } : { start, end: at, status: 'rewritten' });
  });
  return { text: out, sentences: statuses };
}

/** The protected spans of a sentence, as its fixed pieces (the checks count them by their text). */
const fixedSpans = (sentence: readonly Piece[]): ProtectedSpan[] =>
  sentence.filter((p) => p.fixed).map((p) => ({ start: 0, end: p.text.length, text: p.text, kind: p.kind ?? 'term' }));

/** Convenience for tests and the CLI: find the protected spans and rewrite. */
export function smartRewriteText(text: string, seed: number, terms: readonly string[] = [], settings?: SmartSettings): string {
  return rewriteSentences(text, findProtectedSpans(text, { terms }), terms, seed, settings).text;
}
