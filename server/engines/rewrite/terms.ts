import { isGeneralWord, wordFrequency } from './dictionary';
import { tagWords, type Token } from './segment';
import { KEYWORDS_LINE, type ParagraphRole } from './structure';

// Technical terms, found without the student listing them: the document's own 关键词 line, the noun
// phrases of its title, nouns that are not everyday vocabulary (jieba's part of speech and its
// dictionary's frequency), noun compounds (梯度下降法, 钢筋混凝土灌注桩, 传播效果评价研究: nouns run
// together, with a verb or a one-character suffix inside), compounds that recur in the document, and the
// student's own list. A term is kept whole wherever it occurs: never split, never given a particle
// inside, never partly replaced.

/** Parts of speech that name things (jieba's ICTCLAS tags): nouns, proper names, nominal verbs, abbreviations, set phrases. */
const NOMINAL = new Set(['n', 'nz', 'nt', 'ns', 'nr', 'nrt', 'nrfg', 'vn', 'an', 'j', 'ng', 'l', 'eng']);
/** Proper names: people, places, institutions, other names. */
export const NAME_TAGS = new Set(['nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz']);
/** One-character heads that close a compound (下降法, 收敛性, 灌注桩, 对照组). */
const SUFFIX = new Set([...'法率性度器机剂体量值型式化学论类物品素酶区层网线面点部组群链池库桩管炉泵阀板膜片粒核源场波谱仪表图码段期证汤方药病症炎瘤菌株苗种系族']);
/** Words the segmenter may tag as nouns that start a verb phrase, not a term (利用/n 刚体…). */
const NOT_TERM_START = new Set(['利用', '采用', '使用', '运用', '通过', '根据', '基于', '针对', '结合', '进行', '对于', '关于', '随着', '作为', '包括', '其中', '同时', '目前', '当前']);
/** Verbs that carry a clause rather than join a compound (项目进行管理, 条件是制约): never inside a term. */
const PREDICATES = new Set([
  '是', '有', '为', '进行', '开展', '具有', '提高', '提升', '降低', '减少', '增加', '采用', '利用', '使用', '影响', '实现', '包括', '制约',
  '成为', '作为', '达到', '导致', '造成', '引起', '促进', '表明', '显示', '说明', '发现', '认为', '提出', '建立', '构建', '存在', '属于',
  '得到', '获得', '取得', '需要', '要求', '具备', '加强', '完善', '形成', '出现', '产生', '发生', '决定', '涉及',
]);
/** Generic nouns of academic prose that are not terms of a field, even when rare or run together. */
const NOT_TERM = new Set([
  '结果表明', '研究表明', '实验结果', '研究结果', '研究人员', '研究者', '研究对象', '研究方法', '基础上', '情况下', '一方面', '另一方面',
  '重要性', '必要性', '可能性', '有效性', '可行性', '过程中', '实际上', '事实上', '总而言之', '综上所述', '越来越', '近年来', '国内外',
  '近几年', '本文', '本研究', '该文', '文章',
]);

const isHan = (word: string) => /^\p{Script=Han}+$/u.test(word);
/** A word the segmenter made up (its hidden-Markov guess) out of a word of grammar and a noun: 对模型, 将系统. */
const madeUp = (t: Token) => /^[对将把被在从向于为以和与及或并而是有的了]/u.test(t.word) && wordFrequency(t.word) === 0;
const nominal = (t: Token | undefined) =>
  t !== undefined && NOMINAL.has(t.tag) && !/^\s*$/u.test(t.word) && !NOT_TERM_START.has(t.word) && !PREDICATES.has(t.word) && !madeUp(t);
/** A one-character head that closes a compound (法 of 下降法, 型 of 需求型). */
export const isCompoundSuffix = (word: string) => [...word].length === 1 && SUFFIX.has(word);
const suffix = (t: Token | undefined) => t !== undefined && isCompoundSuffix(t.word);
/** A one-character adjective or distinguishing word in front of a noun (大语言模型, 新方法, 非线性系统). */
const attributive = (t: Token | undefined) => t !== undefined && (t.tag === 'b' || (t.tag === 'a' && [...t.word].length === 1));

/** Characters of a compound with a verb inside: 传播效果评价研究 and 梯度下降法 are terms; 效应模型考察数字基础设施 is a clause. */
const VERB_COMPOUND_MAX = 8;

/** Whether the verb at j may join the nouns before it to the noun or suffix after it. */
function verbInside(tokens: readonly Token[], j: number): boolean {
  const [before, verb, after] = [tokens[j - 1], tokens[j], tokens[j + 1]];
  if (!/^v/.test(verb.tag) || [...verb.word].length < 2 || PREDICATES.has(verb.word)) return false;
  return after !== undefined && isHan(after.word) && (nominal(after) || suffix(after)) && nominal(before) && !suffix(before);
}

export interface TermSpan {
  /** UTF-16 offsets into the text. */
  start: number;
  end: number;
  text: string;
}

/**
 * Noun compounds and field nouns of a text, as spans: runs of nominal words (a one-character adjective
 * or a distinguishing word in front, a verb between two nouns or before a suffix, a suffix after), and
 * single nouns of two or more characters that are names or not everyday words (a nominal verb alone, 普及,
 * is no term: only inside a compound).
 */
export function termSpans(text: string, tokens: readonly Token[] = tagWords(text)): TermSpan[] {
  const starts: number[] = [];
  let at = 0;
  for (const t of tokens) {
    starts.push(at);
    at += t.word.length;
  }
  const out: TermSpan[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    const opens = nominal(t) || (attributive(t) && nominal(tokens[i + 1]));
    if (!opens || !isHan(t.word)) {
      i++;
      continue;
    }
    let j = i + 1;
    let verbAt = -1;
    for (;;) {
      const next = tokens[j];
      if (!next || !isHan(next.word)) break;
      if (nominal(next) || suffix(next) || (attributive(next) && nominal(tokens[j + 1]))) j++;
      else if (verbInside(tokens, j)) {
        if (verbAt < 0) verbAt = j;
        j++;
      } else break;
    }
    // Too long to be one term: a suffix after the verb closes it (梯度下降法 | 训练网络); otherwise the verb is
    // the clause's, the nouns before it one term, those after it the next.
    let resume = j;
    if (verbAt > 0 && [...tokens.slice(i, j).map((x) => x.word).join('')].length > VERB_COMPOUND_MAX) {
      [j, resume] = suffix(tokens[verbAt + 1]) ? [verbAt + 2, verbAt + 2] : [verbAt, verbAt + 1];
    }
    const words = tokens.slice(i, j).map((x) => x.word);
    const phrase = words.join('');
    const single = j === i + 1;
    const keep = single
      ? [...phrase].length >= 2 && !NOT_TERM.has(phrase) && t.tag !== 'vn' && (NAME_TAGS.has(t.tag) || !isGeneralWord(phrase))
      : !NOT_TERM.has(phrase) && !words.every((w) => NOT_TERM.has(w));
    if (keep) out.push({ start: starts[i], end: starts[j - 1] + tokens[j - 1].word.length, text: phrase });
    i = resume;
  }
  return out;
}

/** The terms of a 关键词 line: what follows the label, split at its separators. */
export function keywordsOf(line: string): string[] {
  const body = line.replace(/^\s*\S*?(?:关键词|关键字|key\s*words?)\s*[:：]/iu, '');
  return body
    .split(/[；;，,、\s]+/u)
    .map((k) => k.trim().replace(/[。.]$/u, ''))
    .filter((k) => [...k].length >= 2);
}

/** What a recurring compound is made of: nouns, nominal verbs, adjectives, distinguishing words, adverbs and numerals (均/d 一/m 温度/n), never a verb, a place word (基础/上) or a particle. */
const RECURRING_PART = /^(?:n|nz|nt|ns|nr|nrt|vn|an|j|ng|l|eng|a|b|d|m)$/u;
/** Characters that are words of grammar, never inside a term. */
const GRAMMAR_CHARS = /[的了着过是在和与及或等对将把被为以从而并且也都就]/u;

/**
 * Compounds that recur: a run of two or three words found twice or more in the document, closed by a noun,
 * with a noun of two characters or more in it and no word of grammar, whatever the segmenter tagged its
 * other parts (均/d 一/m 温度/n is 均一温度 when it comes back).
 */
function recurring(paragraphs: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of paragraphs) {
    const tokens = tagWords(text);
    for (let i = 0; i < tokens.length; i++) {
      const first = tokens[i];
      if (!isHan(first.word) || PREDICATES.has(first.word) || NOT_TERM_START.has(first.word) || !RECURRING_PART.test(first.tag)) continue;
      let phrase = '';
      let noun = false;
      for (let n = 0; n < 3 && i + n < tokens.length; n++) {
        const t = tokens[i + n];
        if (!isHan(t.word) || GRAMMAR_CHARS.test(t.word) || PREDICATES.has(t.word) || !(RECURRING_PART.test(t.tag) || suffix(t))) break;
        phrase += t.word;
        noun ||= nominal(t) && [...t.word].length >= 2;
        const length = [...phrase].length;
        if (n > 0 && noun && (nominal(t) || suffix(t)) && length >= 3 && length <= 8) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
      }
    }
  }
  return [...counts].filter(([phrase, n]) => n >= 2 && !NOT_TERM.has(phrase)).map(([phrase]) => phrase);
}

/** Words that carry no content of their own, left out of a title's words. */
const TITLE_STOP = new Set(['研究', '分析', '探讨', '探究', '探析', '浅析', '浅谈', '论述', '综述', '初探', '思考', '对策', '问题', '基于', '关于', '及其', '以及', '我国', '中国', '一种', '方法', '应用', '影响', '作用', '意义', '现状', '进展', '实践', '发展', '建设', '设计', '实现', '若干']);

/** The content words of a title (two characters or more, any part of speech but the empty ones) and its compounds. */
function titleWords(title: string): string[] {
  const tokens = tagWords(title);
  const words = tokens.filter((t) => [...t.word].length >= 2 && isHan(t.word) && !/^(?:p|c|u|r|m|q|d|f|x)/.test(t.tag) && !TITLE_STOP.has(t.word)).map((t) => t.word);
  return [...words, ...termSpans(title, tokens).map((s) => s.text)];
}

export interface DocumentTermOptions {
  /** The student's list. */
  userTerms?: readonly string[];
  /** The paper's title as the student gave it (it may not be a line of the text). */
  title?: string;
}

/**
 * The terms of a document, longest first: its 关键词 line(s), the compounds and field nouns of its title
 * and of every paragraph, those that recur, and the student's list. Used both to protect (the engine) and
 * to check (term-check.ts, on the text as it came back).
 */
export function documentTerms(paragraphs: readonly string[], roles: readonly ParagraphRole[], options: DocumentTermOptions = {}): string[] {
  const terms = new Set<string>();
  for (const t of options.userTerms ?? []) if (t.trim()) terms.add(t.trim());
  if (options.title?.trim()) for (const w of titleWords(options.title.trim())) terms.add(w);
  paragraphs.forEach((text, i) => {
    const role = roles[i];
    if (role === 'title') for (const w of titleWords(text)) terms.add(w);
    if (role === 'keywords' || KEYWORDS_LINE.test(text.replace(/\s+/g, ''))) for (const k of keywordsOf(text)) terms.add(k);
    if (role === 'references' || role === 'back-matter' || role === 'front-matter' || role === 'formula' || role === 'code' || role === 'latin') return;
    for (const s of termSpans(text)) terms.add(s.text);
  });
  for (const phrase of recurring(paragraphs.filter((_, i) => roles[i] === 'body'))) terms.add(phrase);
  return [...terms].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}
