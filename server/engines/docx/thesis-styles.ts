import { AlignmentType, type IStylesOptions } from 'docx';

// The styles of every .docx we build from text (a written paper, a rewrite of a pasted or PDF paper), named
// so the student changes each once for the whole document: 标题 1-3, 正文 (Word's Normal: 宋体 / Times New
// Roman 小四, 1.5 line spacing), 论文正文 (body paragraphs: a two-character first-line indent) and 参考文献
// (a hanging indent, 五号).

export const SONG = { eastAsia: '宋体', ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman' };
export const HEI = { eastAsia: '黑体', ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman' };
/** Sizes in half-points: 五号 10.5 pt, 小四 12, 四号 14, 三号 16, 二号 22. */
export const SIZE = { reference: 21, body: 24, h3: 24, h2: 28, h1: 32, cover: 44 } as const;
export const LINE_15 = 360;

/** Paragraph style ids (a style's id is what a paragraph refers to; its name is what Word shows). */
export const STYLE = { body: 'ThesisBody', reference: 'ThesisReference', cover: 'ThesisCover' } as const;

const heading = (size: number, centred: boolean) => ({
  run: { font: HEI, size, bold: true, color: '000000' },
  paragraph: { spacing: { before: 240, after: 240, line: LINE_15 }, indent: { firstLine: 0 }, alignment: centred ? AlignmentType.CENTER : AlignmentType.LEFT },
});

export const thesisStyles: IStylesOptions = {
  default: {
    document: { run: { font: SONG, size: SIZE.body }, paragraph: { spacing: { line: LINE_15 } } },
    heading1: heading(SIZE.h1, true),
    heading2: heading(SIZE.h2, false),
    heading3: heading(SIZE.h3, false),
    title: { run: { font: HEI, size: SIZE.cover, bold: true, color: '000000' }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 480, after: 480 } } },
  },
  paragraphStyles: [
    {
      id: STYLE.body,
      name: '论文正文',
      basedOn: 'Normal',
      next: STYLE.body,
      quickFormat: true,
      paragraph: { indent: { firstLine: 480 }, spacing: { line: LINE_15 }, alignment: AlignmentType.JUSTIFIED },
    },
    {
      id: STYLE.reference,
      name: '参考文献',
      basedOn: 'Normal',
      next: STYLE.reference,
      quickFormat: true,
      run: { size: SIZE.reference },
      paragraph: { indent: { left: 420, hanging: 420 }, spacing: { line: LINE_15 }, alignment: AlignmentType.LEFT },
    },
    {
      id: STYLE.cover,
      name: '封面',
      basedOn: 'Normal',
      quickFormat: true,
      run: { size: SIZE.h2 },
      paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, line: LINE_15 } },
    },
  ],
};
