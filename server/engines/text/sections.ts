import { fromCodePoints } from './code-points';
import type { Range } from './split';

export type SectionKind = 'cover' | 'toc' | 'abstract' | 'body' | 'references' | 'acknowledgements' | 'declaration';

export interface Section {
  kind: SectionKind;
  /** The heading paragraph's text ('' for an untitled part such as the cover). */
  heading: string;
  /** The first paragraph is only the section's title line (not 摘要：followed by the abstract itself). */
  titled: boolean;
  /** Paragraph indexes [firstParagraph, endParagraph). */
  firstParagraph: number;
  endParagraph: number;
  start: number;
  end: number;
}

const HEADINGS: [SectionKind, RegExp][] = [
  ['abstract', /^(中文摘要|英文摘要|内容摘要|内容提要|摘要|abstract)([:：].*)?$/i],
  ['toc', /^(目录|contents|tableofcontents)$/i],
  ['references', /^(主要参考文献|参考文献|参考资料|references|bibliography)[:：]?$/i],
  ['references', /^(攻读.{0,12}期间.{0,16}(成果|论文)|作者简介|个人简历)/],
  ['acknowledgements', /^(致谢|谢辞|致谢辞|后记|acknowledge?ments?)[:：]?$/i],
  ['declaration', /^.{0,14}(独创性声明|原创性声明|版权使用授权书|使用授权书|授权声明|诚信承诺书?|作者声明|学术诚信声明)$/],
  ['declaration', /^声明$/],
];
const NAMED_CHAPTER = /^(引言|绪论|前言|导论|结论|结语|结束语|总结|总结与展望|结论与展望)$/;
const APPENDIX = /^附录/;
const CHAPTER = /^第[一二三四五六七八九十百零〇\d]+章/;
const NUMBERED = /^(\d{1,2})(?:[、．.](?!\d)|\s)\s*\D/u;
const HAN_NUMBERED = /^([一二三四五六七八九十]{1,3})、/;
const TOC_ENTRY = /(\.{3,}|…+|·{3,}|-{3,}|\t|\s)\s*([0-9]+|[ivxlcIVXLC]+)$/;
const COVER_FIELD = /^(学号|指导教师|导师|姓名|专业|学院|院系|班级|年级|论文题目|题目|作者|答辩日期|提交日期|分类号|密级|学位类别|UDC)[:：]/;
const FRONT_MATTER = new Set<SectionKind>(['declaration', 'abstract', 'toc']);
const HAN_DIGITS = '一二三四五六七八九十';
const INLINE_ABSTRACT = /^(中文摘要|英文摘要|内容摘要|内容提要|摘要|abstract)\s*[:：]\s*\S/i;
// Numbered sub-headings inside a chapter: 1.1 研究背景, 2.3.1 …, 第二节 …, （一）…, 一、…, 1、…, 2 方法.
const SUBHEADING = [
  /^\d{1,2}(?:[.．]\d{1,2}){1,3}\.?\s*\p{L}/u,
  /^第[一二三四五六七八九十百零〇\d]+[章节]/,
  /^[（(][一二三四五六七八九十\d]{1,3}[)）]\s*\p{L}/u,
  /^[一二三四五六七八九十]{1,3}、\s*\p{L}/u,
  /^\d{1,2}(?:[、．.](?!\d)|\s)\s*\p{L}/u,
];

function hanNumber(text: string): number {
  if (text === '十') return 10;
  if (text.startsWith('十')) return 10 + HAN_DIGITS.indexOf(text[1]) + 1;
  if (text.length === 1) return HAN_DIGITS.indexOf(text) + 1;
  if (text.endsWith('十')) return (HAN_DIGITS.indexOf(text[0]) + 1) * 10;
  return (HAN_DIGITS.indexOf(text[0]) + 1) * 10 + HAN_DIGITS.indexOf(text[2]) + 1;
}

function compact(text: string): string {
  return text.replace(/[\s\u3000]+/g, '');
}

function isShort(text: string, max = 40): boolean {
  return text.length <= max && !/[。；;！？]/.test(text);
}

/** A short numbered line inside the body that titles what follows rather than saying something. */
export function isSubheading(text: string): boolean {
  return isShort(text, 30) && !/[，,：:]$/.test(text) && SUBHEADING.some((re) => re.test(text));
}

type Style = 'chapter' | 'numbered' | 'han';

function chapterStyle(texts: string[]): Style | null {
  if (texts.some((t) => CHAPTER.test(compact(t)) && isShort(t))) return 'chapter';
  if (texts.some((t) => NUMBERED.exec(t)?.[1] === '1' && isShort(t, 30))) return 'numbered';
  if (texts.some((t) => HAN_NUMBERED.exec(t)?.[1] === '一' && isShort(t, 30))) return 'han';
  return null;
}

/** Finds cover, 目录, 摘要, 正文 chapters, 参考文献, 致谢 and declarations from paragraph headings. */
export function detectSections(codes: Uint32Array, paragraphs: Range[]): Section[] {
  const texts = paragraphs.map((p) => fromCodePoints(codes, p.start, p.end).trim());
  const style = chapterStyle(texts);
  const starts: { index: number; kind: SectionKind }[] = [];
  let inToc = false;
  let inReferences = false;
  let lastNumber = 0;

  texts.forEach((text, index) => {
    const flat = compact(text);
    if (inToc && TOC_ENTRY.test(text)) return;
    inToc = false;
    const named = HEADINGS.find(([kind, re]) => re.test(flat) && (kind === 'abstract' || isShort(text, 60)));
    if (named) {
      starts.push({ index, kind: named[0] });
      inToc = named[0] === 'toc';
      inReferences = named[0] === 'references';
      return;
    }
    if (APPENDIX.test(flat) && isShort(text, 30)) {
      starts.push({ index, kind: 'body' });
      inReferences = false;
      return;
    }
    if (inReferences || !isShort(text)) return;
    let chapter = NAMED_CHAPTER.test(flat);
    if (!chapter && style === 'chapter') chapter = CHAPTER.test(flat);
    if (!chapter && style === 'numbered') {
      const n = Number(NUMBERED.exec(text)?.[1] ?? 0);
      chapter = n === lastNumber + 1 && isShort(text, 30);
      if (chapter) lastNumber = n;
    }
    if (!chapter && style === 'han') {
      const m = HAN_NUMBERED.exec(text);
      chapter = !!m && hanNumber(m[1]) === lastNumber + 1 && isShort(text, 30);
      if (chapter) lastNumber = hanNumber(m![1]);
    }
    if (chapter) starts.push({ index, kind: 'body' });
  });

  const sections: Section[] = [];
  const add = (kind: SectionKind, first: number, end: number, heading: string) => {
    if (first >= end) return;
    sections.push({
      kind,
      heading,
      titled: heading !== '' && isShort(heading, 60) && !INLINE_ABSTRACT.test(heading),
      firstParagraph: first,
      endParagraph: end,
      start: paragraphs[first].start,
      end: paragraphs[end - 1].end,
    });
  };
  const firstHeading = starts.length ? starts[0].index : texts.length;
  const lead = texts.slice(0, firstHeading);
  // Leading short lines are a cover only before front matter or when they hold cover fields
  // (学号：, 指导教师：); otherwise they are the start of the body.
  const isCover =
    starts.length > 0 &&
    firstHeading <= 20 &&
    lead.every((t) => isShort(t, 50)) &&
    (FRONT_MATTER.has(starts[0].kind) || lead.some((t) => COVER_FIELD.test(compact(t))));
  add(isCover ? 'cover' : 'body', 0, firstHeading, '');
  starts.forEach((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].index : texts.length;
    add(s.kind, s.index, end, texts[s.index]);
  });
  return sections;
}
