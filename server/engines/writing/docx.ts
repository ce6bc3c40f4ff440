import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  type IRunOptions,
  type ISectionOptions,
  NumberFormat,
  Packer,
  PageNumber,
  Paragraph,
  SectionType,
  TableOfContents,
  TextRun,
} from 'docx';
import { HEI, LINE_15, SIZE, SONG, STYLE, thesisStyles } from '../docx/thesis-styles';
import { thesisPageNumbers } from './page-numbers';

// The paper as a Word document, laid out as Chinese theses are: a cover without a page number; the front
// matter (摘要, Abstract, 目录) numbered I, II, III; the body from 1 (section breaks between the three). The
// table of contents is a TOC field written with its entries and their estimated page numbers (a reader that
// does not update fields still shows them) and marked for Word to update on opening. Headings numbered
// 第1章 / 1.1 / 1.1.1 in Heading 1-3 styles; the styles of thesis-styles.ts (正文 宋体 / Times New Roman 小四 at
// 1.5 line spacing, 论文正文 with a two-character first-line indent, 参考文献 with a hanging indent); the
// user's reference list (GB/T 7714) and 致谢.

export interface PaperDocument {
  title: string;
  author?: string;
  institution?: string;
  /** e.g. 本科毕业论文 */
  kind?: string;
  date: string;
  abstract: string;
  keywords: string[];
  englishAbstract?: string | null;
  englishKeywords?: string[];
  sections: Array<{ level: 1 | 2 | 3; heading: string; content: string }>;
  /** Formatted entries without numbers; printed [1] ... [n] in this order. */
  references: string[];
  acknowledgement?: string;
}

const run = (text: string, extra: IRunOptions = {}) => new TextRun({ text, font: SONG, size: SIZE.body, ...extra });

const SUBHEADING = /^\s*(\d+\.\d+\.\d+)\s+(\S.{0,80})$/u;

/** A section's content as paragraphs; a line "1.1.1 标题" becomes a level-3 heading. */
export function contentParagraphs(content: string): Array<{ kind: 'body' | 'h3'; text: string }> {
  return content
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (SUBHEADING.test(line) ? { kind: 'h3' as const, text: line } : { kind: 'body' as const, text: line }));
}

const bodyParagraph = (text: string) => new Paragraph({ style: STYLE.body, children: [new TextRun(text)] });

const heading = (text: string, level: 1 | 2 | 3, pageBreak = false) =>
  new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
    pageBreakBefore: pageBreak,
    children: [new TextRun({ text })],
  });

/** An unnumbered part title (摘要, 目录, 参考文献, 致谢): centred like a chapter, in the table of contents. */
const partTitle = (text: string, pageBreak = true) => heading(text, 1, pageBreak);

function cover(doc: PaperDocument): Paragraph[] {
  const line = (label: string, value: string | undefined) =>
    new Paragraph({ style: STYLE.cover, children: [run(`${label}：`, { size: SIZE.h2, font: HEI }), run(value?.trim() || '__________', { size: SIZE.h2 })] });
  return [
    new Paragraph({ style: STYLE.cover, spacing: { before: 2400 }, children: [run(doc.kind ?? '学术论文', { size: SIZE.h2, font: HEI })] }),
    new Paragraph({ heading: HeadingLevel.TITLE, spacing: { before: 1200, after: 1600 }, children: [new TextRun(doc.title)] }),
    line('作者', doc.author),
    line('单位', doc.institution),
    line('日期', doc.date),
  ];
}

/** The page number centred in the footer, in the section's format. */
const pageNumberFooter = () => ({
  default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT], font: SONG, size: 21 })] })] }),
});

const MARGINS = { top: 1440, bottom: 1440, left: 1800, right: 1800 };

function sections(doc: PaperDocument): ISectionOptions[] {
  const front: Array<Paragraph | TableOfContents> = [partTitle('摘要', false), ...contentParagraphs(doc.abstract).map((p) => bodyParagraph(p.text))];
  front.push(new Paragraph({ spacing: { before: 240, line: LINE_15 }, children: [run('关键词：', { font: HEI, bold: true }), run(doc.keywords.join('；'))] }));
  if (doc.englishAbstract) {
    front.push(partTitle('Abstract'), ...contentParagraphs(doc.englishAbstract).map((p) => bodyParagraph(p.text)));
    const kw = doc.englishKeywords ?? [];
    if (kw.length > 0) front.push(new Paragraph({ spacing: { before: 240 }, children: [run('Key words: ', { bold: true }), run(kw.join('; '))] }));
  }
  front.push(
    new Paragraph({ pageBreakBefore: true, alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [run('目录', { font: HEI, size: SIZE.h1, bold: true })] }),
    new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-3', beginDirty: true }),
  );
  const body: Paragraph[] = [];
  for (const [i, section] of doc.sections.entries()) {
    body.push(heading(section.heading, section.level, section.level === 1 && i > 0));
    for (const p of contentParagraphs(section.content)) body.push(p.kind === 'h3' ? heading(p.text, 3) : bodyParagraph(p.text));
  }
  body.push(partTitle('参考文献'));
  doc.references.forEach((r, i) => body.push(new Paragraph({ style: STYLE.reference, children: [new TextRun(`[${i + 1}] ${r}`)] })));
  if (doc.acknowledgement?.trim()) {
    body.push(partTitle('致谢'), ...contentParagraphs(doc.acknowledgement).map((p) => bodyParagraph(p.text)));
  }
  const page = (format: (typeof NumberFormat)[keyof typeof NumberFormat]) => ({ margin: MARGINS, pageNumbers: { start: 1, formatType: format } });
  return [
    { properties: { page: { margin: MARGINS } }, children: cover(doc) },
    { properties: { type: SectionType.NEXT_PAGE, page: page(NumberFormat.UPPER_ROMAN) }, footers: pageNumberFooter(), children: front },
    { properties: { type: SectionType.NEXT_PAGE, page: page(NumberFormat.DECIMAL) }, footers: pageNumberFooter(), children: body },
  ];
}

export function buildPaperDocument(doc: PaperDocument): Document {
  return new Document({
    creator: '墨研',
    title: doc.title,
    description: '墨研论文写作生成，参考文献为用户提供',
    features: { updateFields: true },
    styles: thesisStyles,
    pageNumbers: thesisPageNumbers(),
    sections: sections(doc),
  });
}

export async function buildPaperDocx(doc: PaperDocument): Promise<Buffer> {
  return Packer.toBuffer(buildPaperDocument(doc));
}
