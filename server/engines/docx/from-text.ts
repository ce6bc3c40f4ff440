import { DeletedTextRun, Document, HeadingLevel, InsertedTextRun, Packer, Paragraph, type ParagraphChild, TextRun } from 'docx';
import { fromCodePoints } from '../text/code-points';
import { analyzeText } from '../text/document';
import { hunksOf } from './hunks';
import { STYLE, thesisStyles } from './thesis-styles';

// A rewrite of a paper that came as a PDF or pasted text, as a new .docx: the text engine's sections give the
// headings (Heading 1 for 摘要, chapters, 参考文献, 致谢; Heading 2-3 for numbered sub-headings), the title
// appears once, body paragraphs take 论文正文 and the reference list 参考文献, as written.

export interface TextParagraph {
  original: string;
  /** What the paragraph becomes ('' keeps the original). */
  rewritten: string;
}

export interface TextDocxInput {
  title: string;
  paragraphs: TextParagraph[];
  /** The changes as Word revisions by this author at this date (标出改动版). */
  marks?: { author: string; date: string };
}

type Role = 'title' | 'cover' | 'toc' | 'reference' | 'body' | 1 | 2 | 3;

const squash = (text: string) => text.replace(/\s+/g, '');

/** The level of a numbered sub-heading in the body: 1.1 / 第一节 / 一、 are 2; 1.1.1 / （一） / 1、 are 3. */
function subheadingLevel(text: string): 2 | 3 {
  if (/^\d{1,2}(?:[.．]\d{1,2}){2,}/.test(text) || /^[（(][一二三四五六七八九十\d]{1,3}[)）]/.test(text)) return 3;
  if (/^\d{1,2}[.．]\d{1,2}/.test(text) || /^第[一二三四五六七八九十百零〇\d]+节/.test(text) || /^[一二三四五六七八九十]{1,3}、/.test(text)) return 2;
  return 3;
}

/** Each paragraph's role, from the text engine's sections of the original text. */
function rolesOf(paragraphs: TextParagraph[], title: string): Role[] {
  const structure = analyzeText(paragraphs.map((p) => p.original).join('\n'));
  const byStart = new Map(structure.paragraphs.map((p) => [p.start, p]));
  const roles: Role[] = [];
  let start = 0;
  for (const p of paragraphs) {
    const found = byStart.get(start);
    start += Array.from(p.original).length + 1;
    const section = found ? structure.sections[found.section] : undefined;
    const first = section && found && structure.paragraphs.indexOf(found) === section.firstParagraph;
    if (!found || !section) roles.push('body');
    else if (squash(p.original) === squash(title) && (section.kind === 'cover' || roles.length === 0)) roles.push('title');
    else if (section.kind === 'cover') roles.push('cover');
    else if (found.heading && first) roles.push(1);
    else if (found.heading) roles.push(subheadingLevel(fromCodePoints(structure.codes, found.start, found.end)));
    else if (section.kind === 'toc') roles.push('toc');
    else if (section.kind === 'references') roles.push('reference');
    else roles.push('body');
  }
  return roles;
}

function runs(p: TextParagraph, marks: TextDocxInput['marks'], nextId: () => number): ParagraphChild[] {
  if (!p.rewritten || p.rewritten === p.original) return [new TextRun(p.original)];
  if (!marks) return [new TextRun(p.rewritten)];
  const before = Array.from(p.original);
  const children: ParagraphChild[] = [];
  let at = 0;
  for (const hunk of hunksOf(before, Array.from(p.rewritten))) {
    if (hunk.from > at) children.push(new TextRun(before.slice(at, hunk.from).join('')));
    if (hunk.to > hunk.from) children.push(new DeletedTextRun({ text: before.slice(hunk.from, hunk.to).join(''), id: nextId(), ...marks }));
    if (hunk.text) children.push(new InsertedTextRun({ text: hunk.text, id: nextId(), ...marks }));
    at = hunk.to;
  }
  if (at < before.length) children.push(new TextRun(before.slice(at).join('')));
  return children;
}

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

export async function buildTextDocx(input: TextDocxInput): Promise<Uint8Array> {
  const roles = rolesOf(input.paragraphs, input.title);
  let id = 0;
  const nextId = () => ++id;
  const children = input.paragraphs.map((p, i) => {
    const role = roles[i];
    const content = runs(p, input.marks, nextId);
    if (role === 'title') return new Paragraph({ heading: HeadingLevel.TITLE, children: content });
    if (typeof role === 'number') return new Paragraph({ heading: HEADINGS[role], children: content });
    const style = role === 'reference' ? STYLE.reference : role === 'cover' ? STYLE.cover : role === 'toc' ? undefined : STYLE.body;
    return new Paragraph({ style, children: content });
  });
  if (!roles.includes('title')) children.unshift(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }));
  const doc = new Document({
    creator: '墨研',
    title: input.title,
    styles: thesisStyles,
    sections: [{ properties: { page: { margin: { top: 1440, bottom: 1440, left: 1800, right: 1800 } } }, children }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
