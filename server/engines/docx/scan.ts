import type { SaxesTagNS } from 'saxes';
import { CHARACTERS, HIDDEN, type Namespaces, PositionedParser } from './xml-tree';

import type { KeepReason } from './keep-reasons';

export type { KeepReason } from './keep-reasons';

/** An open complex field (w:fldChar begin ... separate ... end): in its instructions or in its result. */
export type FieldPart = 'instructions' | 'result';

/** A top-level w:p of word/document.xml that can be rewritten in place. */
export interface ScannedParagraph {
  start: number;
  end: number;
  /** Namespace bindings in scope at the paragraph, to parse it on its own. */
  namespaces: Namespaces;
  /** Complex fields open where the paragraph starts (a table of contents spans many paragraphs). */
  fields: FieldPart[];
}

/** A line of the text as extraction gives it (server/engines/text/word-xml.ts), and the paragraph it is wholly from. */
export interface ScannedLine {
  text: string;
  paragraph: ScannedParagraph | null;
  /** Why the line is not one paragraph's whole text (set when `paragraph` is null). */
  reason: KeepReason | null;
}

interface OpenParagraph extends ScannedParagraph {
  nested: boolean;
  holdsParagraph: boolean;
  alternate: boolean;
}

const attribute = (tag: SaxesTagNS, local: string) => Object.values(tag.attributes).find((a) => a.local === local)?.value;

/**
 * Reads word/document.xml as the text extraction does (the same lines, in the same order: what is left out,
 * deleted paragraph marks joining two paragraphs, text boxes where they are anchored) and says, for each
 * line, which paragraph it is the whole text of, if one. Also the largest numeric w:id, so revision marks
 * added later get ids of their own.
 */
export function scanDocument(xml: string): { lines: ScannedLine[]; maxId: number } {
  const lines: ScannedLine[] = [];
  const stack: string[] = [];
  const paragraphs: OpenParagraph[] = [];
  const fields: FieldPart[] = [];
  let skipTo = 0;
  let inText = false;
  let markDeleted = false;
  /** The current line holds text of a paragraph whose mark is deleted. */
  let joined = false;
  let alternate = 0;
  let line = '';
  let maxId = 0;

  const emit = (paragraph: OpenParagraph) => {
    const pieces = line
      .split(/\r?\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    let reason: ScannedLine['reason'] = null;
    if (joined) reason = 'revision';
    else if (paragraph.nested || paragraph.holdsParagraph) reason = 'textbox';
    else if (paragraph.alternate) reason = 'alternate-content';
    else if (pieces.length > 1) reason = 'structure';
    for (const text of pieces) lines.push({ text, paragraph: reason ? null : paragraph, reason });
    line = '';
    joined = false;
  };

  const parser: PositionedParser = new PositionedParser(xml, {
    open: (tag, name, start, openEnd) => {
      const parent = stack[stack.length - 1];
      stack.push(name);
      const id = attribute(tag, 'id');
      if (id && /^\d+$/.test(id)) maxId = Math.max(maxId, Number(id));
      if (skipTo) return;
      const depth = stack.length;
      if (name === 'mc:AlternateContent') alternate += 1;
      if (HIDDEN.has(name)) {
        if (name === 'w:del' && parent === 'w:rPr' && stack[stack.length - 3] === 'w:pPr') markDeleted = true;
        else if (name === 'w:del' && parent === 'w:trPr') skipTo = depth - 2;
        else skipTo = depth;
      } else if (name === 'w:p') {
        const outer = paragraphs[paragraphs.length - 1];
        if (outer) outer.holdsParagraph = true;
        paragraphs.push({ start, end: openEnd, namespaces: parser.namespaces, fields: [...fields], nested: Boolean(outer), holdsParagraph: false, alternate: alternate > 0 });
      } else if (name === 'w:t') inText = true;
      else if (Object.hasOwn(CHARACTERS, name)) line += CHARACTERS[name];
      else if (name === 'w:fldChar') {
        const type = attribute(tag, 'fldCharType');
        if (type === 'begin') fields.push('instructions');
        else if (type === 'separate' && fields.length) fields[fields.length - 1] = 'result';
        else if (type === 'end') fields.pop();
      }
    },
    close: (_tag, name, _closeStart, end) => {
      const depth = stack.length;
      stack.pop();
      if (skipTo) {
        if (depth === skipTo) skipTo = 0;
        return;
      }
      if (name === 'mc:AlternateContent') alternate -= 1;
      else if (name === 'w:t') inText = false;
      else if (name === 'w:p') {
        const paragraph = paragraphs.pop()!;
        paragraph.end = end;
        if (markDeleted) {
          markDeleted = false;
          joined = true;
        } else emit(paragraph);
      }
    },
    text: (text) => {
      if (inText && !skipTo) line += text;
    },
  });
  parser.run();
  // Text after the last paragraph mark (a deleted one): extraction keeps it as a line of its own.
  if (line.trim()) for (const text of line.split(/\r?\n/).map((p) => p.trim()).filter(Boolean)) lines.push({ text, paragraph: null, reason: 'revision' });
  return { lines, maxId };
}
