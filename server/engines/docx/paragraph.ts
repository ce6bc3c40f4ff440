import type { FieldPart, KeepReason, ScannedParagraph } from './scan';
import { CHARACTERS, HIDDEN, parseFragment, type XmlElement } from './xml-tree';

/** A visible run (w:r) of a paragraph: its tags and properties as written, and what it holds in order. */
export interface Run {
  element: XmlElement;
  openTag: string;
  closeTag: string;
  /** Its w:rPr as written ('' when it has none). */
  properties: string;
  items: RunItem[];
}

/** A character of the run's text (an index into ParagraphModel.chars), or anything else it holds, as written. */
export type RunItem = { char: number } | { xml: string };

export interface Char {
  text: string;
  /** The run it can be edited in; null for text inside something kept whole (a text box's fallback, ruby). */
  run: Run | null;
  /** The element it is written as when it is not text: w:tab, w:noBreakHyphen, w:softHyphen. */
  xml: string | null;
  /** Why it may not be changed: inside a field result, a revision, a content control, alternate content. */
  locked: KeepReason | null;
}

export interface ParagraphModel {
  source: string;
  paragraph: XmlElement;
  chars: Char[];
  runs: Run[];
}

/** Containers of runs inside a paragraph whose runs may be edited where they are. */
const TRANSPARENT = new Set(['w:hyperlink', 'w:smartTag', 'w:customXml', 'w:bdo', 'w:dir']);
const LOCKING: Record<string, KeepReason> = { 'w:ins': 'revision', 'w:moveTo': 'revision', 'w:fldSimple': 'field', 'w:sdtContent': 'content-control' };

/**
 * One paragraph of document.xml read on its own: its characters in order (the text extraction reads), each
 * with the run it is in and whether it may be changed, so a character diff can be mapped onto the runs.
 */
export function readParagraph(xml: string, scanned: ScannedParagraph): ParagraphModel {
  const source = xml.slice(scanned.start, scanned.end);
  const [paragraph] = parseFragment(source, scanned.namespaces);
  const fields: FieldPart[] = [...scanned.fields];
  const chars: Char[] = [];
  const runs: Run[] = [];
  const slice = (e: XmlElement) => source.slice(e.start, e.end);
  const lockedNow = (locked: KeepReason | null) => locked ?? (fields.length ? 'field' : null);

  /** Text somewhere inside an element kept whole, read as extraction reads it, every character locked. */
  const lockedText = (element: XmlElement, locked: KeepReason) => {
    if (HIDDEN.has(element.name)) return;
    if (element.name === 'w:t') for (const text of element.text) chars.push({ text, run: null, xml: null, locked });
    else if (Object.hasOwn(CHARACTERS, element.name)) chars.push({ text: CHARACTERS[element.name], run: null, xml: null, locked });
    for (const child of element.children) lockedText(child, locked);
  };

  const readRun = (element: XmlElement, locked: KeepReason | null) => {
    const selfClosing = element.openEnd === element.end;
    const run: Run = {
      element,
      openTag: selfClosing ? source.slice(element.start, element.openEnd).replace(/\s*\/>$/, '>') : source.slice(element.start, element.openEnd),
      closeTag: selfClosing ? `</${element.prefix ? `${element.prefix}:` : ''}r>` : source.slice(source.lastIndexOf('</', element.end - 1), element.end),
      properties: '',
      items: [],
    };
    runs.push(run);
    for (const child of element.children) {
      if (child.name === 'w:rPr') {
        run.properties = slice(child);
        continue;
      }
      if (child.name === 'w:t') {
        for (const text of child.text) {
          run.items.push({ char: chars.length });
          chars.push({ text, run, xml: null, locked: lockedNow(locked) });
        }
        continue;
      }
      if (Object.hasOwn(CHARACTERS, child.name)) {
        run.items.push({ char: chars.length });
        chars.push({ text: CHARACTERS[child.name], run, xml: slice(child), locked: lockedNow(locked) });
        continue;
      }
      run.items.push({ xml: slice(child) });
      if (child.name === 'w:fldChar') {
        const type = /fldCharType=["'](\w+)["']/.exec(source.slice(child.start, child.openEnd))?.[1];
        if (type === 'begin') fields.push('instructions');
        else if (type === 'separate' && fields.length) fields[fields.length - 1] = 'result';
        else if (type === 'end') fields.pop();
      } else lockedText(child, child.name === 'mc:AlternateContent' ? 'alternate-content' : 'structure');
    }
  };

  const walk = (container: XmlElement, locked: KeepReason | null) => {
    for (const child of container.children) {
      if (child.name === 'w:r') readRun(child, locked);
      else if (child.name === 'w:pPr' || HIDDEN.has(child.name)) continue;
      else if (TRANSPARENT.has(child.name) || child.name === 'w:sdt') walk(child, locked);
      else if (Object.hasOwn(LOCKING, child.name)) walk(child, locked ?? LOCKING[child.name]);
      else if (child.name === 'mc:AlternateContent') {
        for (const branch of child.children) if (branch.name === 'mc:Fallback') walk(branch, locked ?? 'alternate-content');
      } else lockedText(child, locked ?? 'structure');
    }
  };
  walk(paragraph, null);
  return { source, paragraph, chars, runs };
}

/** The paragraph written again with some runs replaced; everything else exactly as it was written. */
export function writeParagraph(model: ParagraphModel, replaced: Map<XmlElement, string>): string {
  const { source } = model;
  const write = (element: XmlElement): string => {
    const replacement = replaced.get(element);
    if (replacement !== undefined) return replacement;
    if (!element.children.some((c) => touches(c, replaced))) return source.slice(element.start, element.end);
    let out = source.slice(element.start, element.openEnd);
    let at = element.openEnd;
    for (const child of element.children) {
      out += source.slice(at, child.start) + write(child);
      at = child.end;
    }
    return out + source.slice(at, element.end);
  };
  return write(model.paragraph);
}

function touches(element: XmlElement, replaced: Map<XmlElement, string>): boolean {
  return replaced.has(element) || element.children.some((c) => touches(c, replaced));
}
