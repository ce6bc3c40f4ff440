import { readDocumentXml, replaceDocumentXml } from './package';
import { type ParagraphModel, readParagraph } from './paragraph';
import { type Revised, reviseParagraph, type RevisionMarks } from './revise';
import { type KeepReason, type ScannedLine, type ScannedParagraph, scanDocument } from './scan';

/** A paragraph of the record (as the text engine split the extracted text) and what it becomes ('' or equal: kept). */
export interface ParagraphChange {
  index: number;
  original: string;
  rewritten: string;
}

export interface InPlaceOptions {
  /** Write the changes as Word revisions by this author at this date (标出改动版); without it, the clean text. */
  marks?: { author: string; date: string };
}

export interface InPlacePlan {
  /** The record's paragraphs whose change is written into the file. */
  changed: number[];
  /** Those that keep their original text in the file, and why. */
  kept: Array<{ index: number; reason: KeepReason }>;
}

/** The text as the record's paragraphs compare: what the text engine's cleaning and splitting may change is left out. */
const key = (text: string) =>
  text
    .replace(/\0/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/[\s\u0085\u200b]+/g, '');

/** How far ahead a paragraph is looked for when the record and the file disagree (a line the engine split). */
const LOOKAHEAD = 50;

/** Each change with the line of the document it is the text of, matched in order. */
function align(lines: ScannedLine[], changes: ParagraphChange[]): Map<number, ScannedLine> {
  const matched = new Map<number, ScannedLine>();
  const sorted = [...changes].sort((a, b) => a.index - b.index);
  let next = 0;
  for (const change of sorted) {
    const wanted = key(change.original);
    // The record's paragraphs are the file's lines, one for one, unless extraction has changed since.
    const direct = lines[change.index];
    if (direct && key(direct.text) === wanted && change.index >= next) {
      matched.set(change.index, direct);
      next = change.index + 1;
      continue;
    }
    for (let i = next; i < Math.min(lines.length, next + LOOKAHEAD); i++) {
      if (key(lines[i].text) === wanted) {
        matched.set(change.index, lines[i]);
        next = i + 1;
        break;
      }
    }
  }
  return matched;
}

/** One paragraph rewritten, or why not; a paragraph that does not read back as its line is kept whole. */
function revise(xml: string, line: ScannedLine & { paragraph: ScannedParagraph }, rewritten: string, marks?: RevisionMarks): Revised {
  let model: ParagraphModel;
  try {
    model = readParagraph(xml, line.paragraph);
  } catch {
    return { keep: 'structure' };
  }
  if (key(model.chars.map((c) => c.text).join('')) !== key(line.text)) return { keep: 'structure' };
  return reviseParagraph(model, rewritten, marks);
}

/**
 * word/document.xml with the changed paragraphs rewritten where they are; every other byte as it was. A
 * change that cannot be made in place (the paragraph is in a text box, joined to another by a deleted mark,
 * or the change falls in a field result, a revision or a content control) is left out and listed in `kept`.
 */
export function reviseDocumentXml(xml: string, changes: ParagraphChange[], options: InPlaceOptions = {}): InPlacePlan & { xml: string } {
  const { lines, maxId } = scanDocument(xml);
  const wanted = changes.filter((c) => c.rewritten && c.rewritten.trim() !== c.original.trim());
  const matched = align(lines, wanted);
  let id = maxId;
  const marks: RevisionMarks | undefined = options.marks && { ...options.marks, nextId: () => ++id };
  const plan: InPlacePlan = { changed: [], kept: [] };
  const edits: Array<{ start: number; end: number; xml: string }> = [];
  for (const change of wanted) {
    const line = matched.get(change.index);
    if (!line) {
      plan.kept.push({ index: change.index, reason: 'not-found' });
      continue;
    }
    if (!line.paragraph) {
      plan.kept.push({ index: change.index, reason: line.reason ?? 'structure' });
      continue;
    }
    const paragraph = line.paragraph;
    const revised = revise(xml, { ...line, paragraph }, change.rewritten, marks);
    if (revised === null) continue;
    if ('keep' in revised) {
      plan.kept.push({ index: change.index, reason: revised.keep });
      continue;
    }
    plan.changed.push(change.index);
    edits.push({ start: paragraph.start, end: paragraph.end, xml: revised.xml });
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += xml.slice(at, edit.start) + edit.xml;
    at = edit.end;
  }
  return { ...plan, xml: out + xml.slice(at) };
}

/** The student's own .docx with the changes written in place (clean, or as revisions with `marks`). */
export async function rewriteDocxInPlace(docx: Uint8Array, changes: ParagraphChange[], options: InPlaceOptions = {}): Promise<InPlacePlan & { docx: Uint8Array }> {
  const { xml, ...plan } = reviseDocumentXml(await readDocumentXml(docx), changes, options);
  return { ...plan, docx: plan.changed.length ? await replaceDocumentXml(docx, xml) : docx };
}

/** Which changes can be written into the file and which stay as they were, without writing it. */
export async function planDocxInPlace(docx: Uint8Array, changes: ParagraphChange[]): Promise<InPlacePlan> {
  const { changed, kept } = reviseDocumentXml(await readDocumentXml(docx), changes);
  return { changed, kept };
}
