import {
  AlignmentType,
  Document,
  HeadingLevel,
  type IRunOptions,
  Packer,

  Paragraph,
  TableOfContents,
  TextRun,
} from 'docx';

// The paper as a Word document: cover, 摘要/关键词 (and Abstract/Key words when asked), a table of contents
// field (Word fills it in on opening; LibreOffice on Tools > Update), headings numbered 第1章 / 1.1 / 1.1.1
// in Heading 1-3 styles, body text 宋体 / Times New Roman 小四 (12 pt) at 1.5 line spacing with a two-character
// first-line indent, the user's reference list (GB/T 7714) and 致谢.

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

const SONG = { eastAsia: '宋体', ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman' };
const HEI = { eastAsia: '黑体', ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman' };
/** Sizes in half-points: 小四 12 pt, 四号 14, 小三 15, 三号 16, 二号 22. */
const SIZE = { body: 24, h3: 24, h2: 28, h1: 32, cover: 44 } as const;
const LINE_15 = 360;

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

const bodyParagraph = (text: string) => new Paragraph({ children: [run(text)], indent: { firstLine: 480 }, spacing: { line: LINE_15 } });

const heading = (text: string, level: 1 | 2 | 3, pageBreak = false) =>
  new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
    alignment: level === 1 ? AlignmentType.CENTER : AlignmentType.LEFT,
    pageBreakBefore: pageBreak,
    children: [new TextRun({ text })],
  });

/** An unnumbered part title (摘要, 目录, 参考文献, 致谢): centred like a chapter, in the table of contents. */
const partTitle = (text: string) => heading(text, 1, true);

function cover(doc: PaperDocument): Paragraph[] {
  const line = (label: string, value: string | undefined) =>
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 240, line: LINE_15 },
      children: [run(`${label}：`, { size: SIZE.h2, font: HEI }), run(value?.trim() || '__________', { size: SIZE.h2 })],
    });
  return [
    new Paragraph({ spacing: { before: 2400 }, alignment: AlignmentType.CENTER, children: [run(doc.kind ?? '学术论文', { size: SIZE.h2, font: HEI })] }),
    new Paragraph({ spacing: { before: 1200, after: 1600 }, alignment: AlignmentType.CENTER, children: [run(doc.title, { size: SIZE.cover, bold: true, font: HEI })] }),
    line('作者', doc.author),
    line('单位', doc.institution),
    line('日期', doc.date),
  ];
}

export function buildPaperDocument(doc: PaperDocument): Document {
  const children: Array<Paragraph | TableOfContents> = [...cover(doc)];
  children.push(partTitle('摘要'), ...contentParagraphs(doc.abstract).map((p) => bodyParagraph(p.text)));
  children.push(new Paragraph({ spacing: { before: 240, line: LINE_15 }, children: [run('关键词：', { font: HEI, bold: true }), run(doc.keywords.join('；'))] }));
  if (doc.englishAbstract) {
    children.push(partTitle('Abstract'), ...contentParagraphs(doc.englishAbstract).map((p) => bodyParagraph(p.text)));
    const kw = doc.englishKeywords ?? [];
    if (kw.length > 0) children.push(new Paragraph({ spacing: { before: 240 }, children: [run('Key words: ', { bold: true }), run(kw.join('; '))] }));
  }
  children.push(
    new Paragraph({ pageBreakBefore: true, alignment: AlignmentType.CENTER, children: [run('目录', { font: HEI, size: SIZE.h1, bold: true })] }),
    new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-3' }),
  );
  for (const section of doc.sections) {
    children.push(heading(section.heading, section.level, section.level === 1));
    for (const p of contentParagraphs(section.content)) children.push(p.kind === 'h3' ? heading(p.text, 3) : bodyParagraph(p.text));
  }
  children.push(partTitle('参考文献'));
  doc.references.forEach((r, i) =>
    children.push(new Paragraph({ spacing: { line: LINE_15 }, indent: { left: 420, hanging: 420 }, children: [run(`[${i + 1}] ${r}`, { size: 21 })] })),
  );
  if (doc.acknowledgement?.trim()) {
    children.push(partTitle('致谢'), ...contentParagraphs(doc.acknowledgement).map((p) => bodyParagraph(p.text)));
  }
  const headingStyle = (size: number) => ({
    run: { font: HEI, size, bold: true, color: '000000' },
    paragraph: { spacing: { before: 240, after: 240, line: LINE_15 } },
  });
  return new Document({
    creator: '墨研',
    title: doc.title,
    description: '墨研论文写作生成，参考文献为用户提供',
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: SONG, size: SIZE.body }, paragraph: { spacing: { line: LINE_15 } } },
        heading1: headingStyle(SIZE.h1),
        heading2: headingStyle(SIZE.h2),
        heading3: headingStyle(SIZE.h3),
      },
    },
    sections: [{ properties: { page: { margin: { top: 1440, bottom: 1440, left: 1800, right: 1800 } } }, children }],
  });
}

export async function buildPaperDocx(doc: PaperDocument): Promise<Buffer> {
  return Packer.toBuffer(buildPaperDocument(doc));
}

