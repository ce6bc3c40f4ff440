import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { DECK_LIMITS, type Slide } from '@common/slides/deck';
import { type CoverInfo, coverLines } from '@common/slides/default-deck';
import { splitLongText } from '@common/slides/layout';
import { fromCodePoints } from '../text/code-points';
import { analyzeText } from '../text/document';

// Offline outline from a paper: its title and chapters from the headings (server/engines/text), and in
// each chapter the key sentences by TextRank over sentences (words by jieba; two sentences are linked by
// the words they share, normalised by their lengths as in Mihalcea & Tarau 2004), kept in the paper's order.

let jieba: Jieba | undefined;
function words(text: string): string[] {
  jieba ??= Jieba.withDict(dict);
  return jieba.cut(text, true).filter((w) => w.trim().length > 0 && !STOP.has(w) && /[\p{L}\p{N}]/u.test(w));
}

const STOP = new Set(
  '的 了 和 是 在 与 及 或 也 都 而 并 对 把 被 将 为 以 于 之 其 这 那 本 该 此 一 个 中 上 下 等 我们 本文 通过 进行 一种 可以 能够 使用 具有 对于 由于 因此 所以 如果 但是 然而 以及 以下 如下 其中 已经 不同 相关 主要 研究'.split(
    ' ',
  ),
);

export interface ExtractOptions {
  /** Target slide count including cover, 目录 and 致谢 (5-50). */
  pageCount: number;
  /** Overrides the title found in the paper. */
  title?: string;
  cover?: Omit<CoverInfo, 'title'>;
}

export interface ExtractedOutline {
  title: string;
  slides: Slide[];
  /** Chapters found by their headings (false: the text had none and was cut into equal parts). */
  headed: boolean;
}

interface Chapter {
  title: string;
  /** Sentences with the sub-heading they fall under. */
  sentences: Array<{ text: string; sub: string | null }>;
}

/** TextRank scores of sentences (damping 0.85, until the change is below 1e-4 or 50 rounds). */
export function textRank(sentences: string[]): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const bags = sentences.map((s) => new Set(words(s)));
  const weights: Float64Array[] = bags.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (bags[i].size < 2 || bags[j].size < 2) continue;
      let common = 0;
      for (const w of bags[i]) if (bags[j].has(w)) common++;
      if (common === 0) continue;
      const w = common / (Math.log(bags[i].size) + Math.log(bags[j].size));
      weights[i][j] = w;
      weights[j][i] = w;
    }
  }
  const out = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let score: Float64Array = new Float64Array(n).fill(1);
  for (let round = 0; round < 50; round++) {
    const next = new Float64Array(n);
    let delta = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) if (weights[j][i] > 0) sum += (weights[j][i] / out[j]) * score[j];
      next[i] = 0.15 + 0.85 * sum;
      delta = Math.max(delta, Math.abs(next[i] - score[i]));
    }
    score = next;
    if (delta < 1e-4) break;
  }
  return [...score];
}

/** The k best sentences by TextRank, in their original order. Very long sentences come last. */
export function keySentences(sentences: string[], k: number): string[] {
  const MAX_SENTENCES = 300;
  const stride = Math.max(1, Math.ceil(sentences.length / MAX_SENTENCES));
  const pool = sentences.map((text, i) => ({ text, i })).filter((s) => s.i % stride === 0);
  const scores = textRank(pool.map((s) => s.text));
  const usable = (t: string) => t.length >= 8 && t.length <= 120;
  const ranked = pool
    .map((s, idx) => ({ ...s, score: scores[idx] + (usable(s.text) ? 10 : 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
  return ranked.sort((a, b) => a.i - b.i).map((s) => s.text);
}

const CHAPTER_PREFIX = /^(第[一二三四五六七八九十百\d]+[章部分节]|[一二三四五六七八九十]+[、.．]|\d+(\.\d+)*[、.．]?)\s*/;

/** A heading without its numbering: 第一章 绪论 -> 绪论. */
export function cleanHeading(text: string): string {
  return text.replace(/\s+/g, ' ').replace(CHAPTER_PREFIX, '').trim() || text.trim();
}

/** A sentence as bullets of at most the model's length: split at sentence ends or commas, nothing dropped. */
function asBullets(text: string): string[] {
  return splitLongText(text.trim(), (piece) => [...piece].length <= DECK_LIMITS.maxBullet);
}

/** Titles only: shortened with an ellipsis past the limit. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

function chaptersOf(text: string): { title: string | null; chapters: Chapter[]; headed: boolean } {
  const doc = analyzeText(text);
  const para = (i: number) => fromCodePoints(doc.codes, doc.paragraphs[i].start, doc.paragraphs[i].end).trim();
  let title: string | null = null;
  const cover = doc.sections.find((s) => s.kind === 'cover');
  if (cover) {
    for (let p = cover.firstParagraph; p < cover.endParagraph && !title; p++) {
      const t = para(p);
      const m = /^(论文题目|题\s*目|标\s*题)[:：]\s*(.+)$/.exec(t);
      if (m) title = m[2].trim();
    }
  }
  const chapters: Chapter[] = [];
  let abstract: Chapter | null = null;
  for (const section of doc.sections) {
    if (section.kind !== 'body' && section.kind !== 'abstract') continue;
    if (section.kind === 'body' && !section.titled) continue;
    const chapter: Chapter = { title: section.kind === 'abstract' ? '研究概述' : cleanHeading(section.heading), sentences: [] };
    let sub: string | null = null;
    for (let p = section.firstParagraph; p < section.endParagraph; p++) {
      const paragraph = doc.paragraphs[p];
      if (paragraph.heading) {
        if (p !== section.firstParagraph) sub = cleanHeading(para(p));
        continue;
      }
      const t = para(p);
      if (section.kind === 'abstract' && /^(关键词|关键字|key\s*words)/i.test(t)) continue;
      for (const s of paragraph.sentences) {
        const sentence = fromCodePoints(doc.codes, s.start, s.end).trim().replace(/^(摘\s*要|abstract)[:：]\s*/i, '');
        if (/[\p{Script=Han}]/u.test(sentence) && sentence.length >= 6) chapter.sentences.push({ text: sentence, sub });
      }
    }
    if (section.kind === 'abstract') abstract = abstract ?? chapter;
    else if (chapter.sentences.length > 0) chapters.push(chapter);
  }
  if (!title) {
    const first = doc.paragraphs.findIndex((p) => p.end > p.start);
    const t = first >= 0 ? para(first) : '';
    if (t && t.length <= 60 && !/[。；！？]/.test(t) && !/大学|学院|毕业论文|学位论文/.test(t)) title = t;
  }
  if (chapters.length >= 2) return { title, chapters: abstract && chapters.length < 3 ? [abstract, ...chapters] : chapters, headed: true };
  // No headings: the text in four equal parts named after a defence's parts.
  const all = doc.paragraphs
    .filter((p) => !p.heading)
    .flatMap((p) => p.sentences.map((s) => fromCodePoints(doc.codes, s.start, s.end).trim()))
    .filter((s) => /[\p{Script=Han}]/u.test(s) && s.length >= 6);
  const names = ['研究背景', '研究方法', '结果与分析', '结论'];
  const per = Math.ceil(all.length / names.length);
  const parts = names
    .map((name, i) => ({ title: name, sentences: all.slice(i * per, (i + 1) * per).map((text) => ({ text, sub: null })) }))
    .filter((c) => c.sentences.length > 0);
  return { title, chapters: parts, headed: false };
}

/** How many slides each chapter gets: at least one, the rest by its share of sentences. */
function allocate(chapters: Chapter[], budget: number): number[] {
  const counts = chapters.map(() => 1);
  let left = budget - chapters.length;
  while (left > 0) {
    let best = -1;
    let bestRatio = 0;
    chapters.forEach((c, i) => {
      const ratio = c.sentences.length / (counts[i] * 4);
      if (ratio > bestRatio) {
        bestRatio = ratio;
        best = i;
      }
    });
    // Stop when every chapter has about four sentences per slide or fewer.
    if (best < 0 || bestRatio < 1) break;
    counts[best]++;
    left--;
  }
  return counts;
}

function mergeToFit(chapters: Chapter[], budget: number): Chapter[] {
  const merged = [...chapters];
  while (merged.length > Math.max(1, budget)) {
    // Merge the smallest adjacent pair.
    let at = 0;
    let smallest = Infinity;
    for (let i = 0; i + 1 < merged.length; i++) {
      const size = merged[i].sentences.length + merged[i + 1].sentences.length;
      if (size < smallest) {
        smallest = size;
        at = i;
      }
    }
    const [a, b] = [merged[at], merged[at + 1]];
    merged.splice(at, 2, { title: clip(`${a.title}与${b.title}`, 40), sentences: [...a.sentences, ...b.sentences] });
  }
  return merged;
}

const BULLETS_PER_SLIDE = 4;

/** A deck outline from a paper's text, without a model. */
export function extractOutline(text: string, options: ExtractOptions): ExtractedOutline {
  const found = chaptersOf(text);
  const title = clip(options.title?.trim() || found.title || '论文答辩', DECK_LIMITS.maxTitle);
  const budget = Math.max(1, Math.min(options.pageCount, DECK_LIMITS.maxSlides) - 3);
  const chapters = mergeToFit(found.chapters, budget);
  const counts = allocate(chapters, budget);
  const body: Slide[] = [];
  chapters.forEach((chapter, ci) => {
    const n = counts[ci];
    const per = Math.ceil(chapter.sentences.length / n);
    const isConclusion = /结论|总结|展望/.test(chapter.title) || (found.headed === false && ci === chapters.length - 1);
    for (let k = 0; k < n; k++) {
      const chunk = chapter.sentences.slice(k * per, (k + 1) * per);
      if (chunk.length === 0) continue;
      const key = keySentences(
        chunk.map((s) => s.text),
        BULLETS_PER_SLIDE,
      );
      const subs = chunk.map((s) => s.sub).filter((s): s is string => !!s);
      const sub = subs.length > 0 ? mostCommon(subs) : null;
      const slideTitle = n === 1 || !sub ? (n === 1 ? chapter.title : `${chapter.title}（${k + 1}/${n}）`) : `${chapter.title}：${sub}`;
      const rest = chunk.map((s) => s.text).filter((s) => !key.includes(s));
      body.push({
        layout: isConclusion && k === n - 1 ? 'summary' : 'content',
        title: clip(slideTitle, DECK_LIMITS.maxTitle),
        bullets: key.flatMap(asBullets).slice(0, DECK_LIMITS.maxBullets),
        notes: clip(`本页提炼自论文“${chapter.title}”部分。${rest.length > 0 ? `可补充说明：${rest.slice(0, 3).join('')}` : ''}`, DECK_LIMITS.maxNotes),
      });
    }
  });
  const cover: Slide = {
    layout: 'cover',
    title,
    bullets: coverLines({ title, ...options.cover }),
    notes: `开场：各位老师好，我的论文题目是《${title}》，下面从${chapters.map((c) => c.title).join('、')}几个方面汇报。`,
  };
  const toc: Slide = {
    layout: 'toc',
    title: '目录',
    bullets: chapters.slice(0, DECK_LIMITS.maxBullets).map((c) => clip(c.title, 60)),
    notes: `本次汇报分为${chapters.length}个部分。`,
  };
  const ending: Slide = { layout: 'ending', title: '谢谢！敬请各位老师批评指正', bullets: ['感谢导师的悉心指导', '感谢各位评审老师'], notes: '致谢并请老师提问。' };
  return { title, slides: [cover, toc, ...body, ending].slice(0, DECK_LIMITS.maxSlides), headed: found.headed };
}

function mostCommon(items: string[]): string {
  const counts = new Map<string, number>();
  for (const s of items) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}
