import { fromCodePoints, toCodePoints } from '../text/code-points';
import { detectSections, isSubheading } from '../text/sections';
import { splitParagraphs } from '../text/split';

// What each paragraph of a document is, so the engine knows what it may reword. Only `body` is
// rewritten; every other role is kept character for character and says why. After the 参考文献 heading
// nothing is rewritten: the entries are `references`, 致谢 and 附录 `back-matter` (rewritten only when
// the student asks for it).

export const PARAGRAPH_ROLES = [
  'body',
  'title',
  'heading',
  'caption',
  'keywords',
  'references',
  'back-matter',
  'front-matter',
  'formula',
  'code',
  'latin',
  'short-line',
] as const;
export type ParagraphRole = (typeof PARAGRAPH_ROLES)[number];

export interface StructureOptions {
  /** The record's title: a paragraph reading the same is the title wherever it stands. */
  title?: string;
  /** 附录 and 致谢 are rewritten too (the student asked). */
  backMatter?: boolean;
}

export interface DocumentParagraphs {
  paragraphs: string[];
  roles: ParagraphRole[];
}

const SENTENCE_MARK = /[。！？；!?;]/u;
const CAPTION = /^(?:图|表|附图|附表|图表|fig(?:ure)?\.?|table)\s*[0-9０-９一二三四五六七八九十]+(?:[.．\-–—][0-9０-９]+)*/iu;
export const KEYWORDS_LINE = /^(?:关键词|关键字|key\s*words?)\s*[:：]/iu;
const REFERENCE_ENTRY = /^\s*[[［【]\s*\d{1,4}\s*[\]］】].{0,300}(?:\[[A-Z](?:\/OL)?\]|［[A-Z]］|\b(?:19|20)\d{2}\b)/u;
const HEADING_WORD = /^(?:摘要|中文摘要|英文摘要|abstract|目录|引言|绪论|前言|结论|结语|总结|参考文献|致谢|附录.{0,20})$/iu;
const CHAPTER = /^第[一二三四五六七八九十百零〇\d]+[章节篇部分]/u;
const HAN = /\p{Script=Han}/gu;
const LATIN_LETTER = /[A-Za-z]/g;

const compact = (text: string) => text.replace(/[\s\u3000]+/g, '');
const share = (text: string, re: RegExp) => (text.match(re)?.length ?? 0) / Math.max(1, [...text].length);

function lineRole(text: string): ParagraphRole | null {
  const flat = compact(text);
  if (KEYWORDS_LINE.test(flat)) return 'keywords';
  if (REFERENCE_ENTRY.test(text)) return 'references';
  if (CAPTION.test(flat) && [...flat].length <= 80 && !SENTENCE_MARK.test(flat.slice(0, -1))) return 'caption';
  if (HEADING_WORD.test(flat) || isSubheading(text) || (CHAPTER.test(flat) && [...flat].length <= 40)) return 'heading';
  const han = share(text, HAN);
  if (han < 0.2 && /[{};]|^\s*(?:def|for|if|return|import|public|class|function|var|let|const|int|print)\b/u.test(text)) return 'code';
  if (han < 0.3 && /[=<>≤≥∑∫√±×÷^]/u.test(text) && !/[A-Za-z]{4,}\s+[A-Za-z]{4,}\s+[A-Za-z]{4,}/u.test(text)) return 'formula';
  if (han < 0.1 && share(text, LATIN_LETTER) > 0.4) return 'latin';
  if (!SENTENCE_MARK.test(text) && !/[，,]/u.test(text) && [...flat].length <= 30) return 'short-line';
  return null;
}

/** The paragraphs the engine works on (every non-blank line, trimmed) and the role of each. */
export function documentStructure(text: string, options: StructureOptions = {}): DocumentParagraphs {
  const codes = toCodePoints(text);
  const ranges = splitParagraphs(codes);
  const paragraphs = ranges.map((r) => fromCodePoints(codes, r.start, r.end));
  const roles: ParagraphRole[] = paragraphs.map(() => 'body');
  const sections = detectSections(codes, ranges);
  const title = options.title ? compact(options.title) : '';
  let afterReferences = false;
  for (const section of sections) {
    if (section.kind === 'references') afterReferences = true;
    for (let p = section.firstParagraph; p < section.endParagraph; p++) {
      const heading = p === section.firstParagraph && section.heading !== '' && section.titled;
      if (section.kind === 'cover' || section.kind === 'toc' || section.kind === 'declaration') roles[p] = 'front-matter';
      else if (section.kind === 'acknowledgements' || (afterReferences && section.kind === 'body' && /^附录/u.test(compact(section.heading))))
        roles[p] = options.backMatter ? (heading ? 'heading' : (lineRole(paragraphs[p]) ?? 'body')) : 'back-matter';
      else if (afterReferences) roles[p] = 'references';
      else roles[p] = heading ? 'heading' : (lineRole(paragraphs[p]) ?? 'body');
    }
  }
  paragraphs.forEach((p, i) => {
    if (title && compact(p) === title) roles[i] = 'title';
  });
  // Without a given title, a short first line that is not a heading or a sentence is the title.
  const first = paragraphs[0];
  if (!title && first && paragraphs.length > 1 && roles[0] !== 'heading' && [...compact(first)].length <= 60 && !SENTENCE_MARK.test(first) && !KEYWORDS_LINE.test(compact(first)))
    roles[0] = 'title';
  return { paragraphs, roles };
}

/** Whether a paragraph of this role is rewritten. */
export const isRewritable = (role: ParagraphRole) => role === 'body';
