import { hunksOf } from './hunks';
import { type Char, type ParagraphModel, type Run, writeParagraph } from './paragraph';
import type { KeepReason } from './scan';
import type { XmlElement } from './xml-tree';

/** Word revision marks: who made the change and when, and the next free w:id. */
export interface RevisionMarks {
  author: string;
  /** ISO 8601 without fractions, as Word writes it (2026-05-04T10:00:00Z). */
  date: string;
  nextId: () => number;
}

type Piece = { text: string } | { xml: string };
interface Segment {
  kind: 'same' | 'del' | 'ins';
  properties: string;
  pieces: Piece[];
}

/**
 * Neighbouring hunks may be joined across a short gap only when every character of the joined stretch is
 * in runs alike (the gap is deleted and written again with the same properties, so nothing is lost).
 */
function joinable(chars: Char[], from: number, to: number): boolean {
  const span = chars.slice(from, to);
  return !span.some((c) => c.locked || !c.run) && new Set(span.map((c) => c.run!.properties)).size === 1;
}

/** The run properties most of the paragraph's editable text has: inserted text takes them when it can. */
function commonProperties(chars: Char[]): string | null {
  const counts = new Map<string, number>();
  for (const c of chars) if (c.run && !c.locked) counts.set(c.run.properties, (counts.get(c.run.properties) ?? 0) + 1);
  let best: string | null = null;
  for (const [properties, n] of counts) if (best === null || n > counts.get(best)!) best = properties;
  return best;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const withoutRevision = (properties: string) => properties.replace(/<(\w+:)?rPrChange\b[^>]*\/>|<(\w+:)?rPrChange\b[\s\S]*?<\/(\w+:)?rPrChange>/g, '');

function isXmlCharacter(c: string): boolean {
  const code = c.codePointAt(0)!;
  return code >= 0x20 ? code !== 0xfffe && code !== 0xffff : c === '\t' || c === '\n' || c === '\r';
}

/** Inserted text as run content: tabs and line breaks as Word's elements, characters XML cannot hold dropped. */
function insertedPieces(text: string, prefix: string): Piece[] {
  const pieces: Piece[] = [];
  for (const part of Array.from(text).filter(isXmlCharacter).join('').split(/(\t|\r?\n)/)) {
    if (part === '\t') pieces.push({ xml: `<${prefix}tab/>` });
    else if (part === '\n' || part === '\r\n') pieces.push({ xml: `<${prefix}br/>` });
    else if (part) pieces.push({ text: part });
  }
  return pieces;
}

export type Revised = { xml: string } | { keep: KeepReason } | null;

/**
 * The paragraph with its text changed to `rewritten`: the character diff mapped onto the runs, so unchanged
 * text keeps its runs and properties (a superscript citation, bold, italic) and new text takes the properties
 * of what it replaces, or of the neighbour whose properties most of the paragraph has. With `marks`, the
 * changes are Word revisions (w:del / w:ins) the student can accept or reject. Null when nothing changes;
 * `keep` when a change would fall inside something that must stay as written (a field result, a revision
 * already in the file, a content control).
 */
export function reviseParagraph(model: ParagraphModel, rewritten: string, marks?: RevisionMarks): Revised {
  const { chars } = model;
  const before = chars.map((c) => c.text);
  const visible = before.join('');
  const lead = /^\s*/u.exec(visible)![0];
  const trail = visible.trim() ? /\s*$/u.exec(visible)![0] : '';
  const hunks = hunksOf(before, Array.from(lead + rewritten.trim() + trail), (from, to) => joinable(chars, from, to));
  if (hunks.length === 0) return null;

  const common = commonProperties(chars);
  const removed = new Uint8Array(chars.length);
  const insertBefore = new Map<number, Segment>();
  const insertAfter = new Map<number, Segment>();
  const touched = new Set<Run>();
  for (const hunk of hunks) {
    for (let i = hunk.from; i < hunk.to; i++) {
      const c = chars[i];
      if (c.locked || !c.run) return { keep: c.locked ?? 'structure' };
      removed[i] = 1;
      touched.add(c.run);
    }
    if (!hunk.text) continue;
    let style: Run;
    let anchor: { map: Map<number, Segment>; at: number };
    if (hunk.to > hunk.from) {
      const byProperties = new Map<string, Run[]>();
      for (let i = hunk.from; i < hunk.to; i++) byProperties.set(chars[i].run!.properties, [...(byProperties.get(chars[i].run!.properties) ?? []), chars[i].run!]);
      style = [...byProperties.values()].sort((a, b) => b.length - a.length)[0][0];
      anchor = { map: insertAfter, at: hunk.to - 1 };
    } else {
      const prev = hunk.from > 0 ? chars[hunk.from - 1] : null;
      const next = hunk.from < chars.length ? chars[hunk.from] : null;
      const usable = [prev, next].filter((c): c is Char => Boolean(c && c.run && !c.locked));
      if (usable.length === 0) return { keep: prev?.locked ?? next?.locked ?? 'structure' };
      const chosen = usable.find((c) => c.run!.properties === common) ?? usable[0];
      style = chosen.run!;
      anchor = chosen === prev ? { map: insertAfter, at: hunk.from - 1 } : { map: insertBefore, at: hunk.from };
    }
    touched.add(chars[anchor.at].run!);
    anchor.map.set(anchor.at, { kind: 'ins', properties: withoutRevision(style.properties), pieces: insertedPieces(hunk.text, prefixOf(style.element)) });
  }

  const replaced = new Map<XmlElement, string>();
  for (const run of touched) {
    const segments: Segment[] = [];
    const add = (segment: Segment) => {
      if (!marks && segment.kind === 'del') return;
      const kind = marks ? segment.kind : 'same';
      const last = segments[segments.length - 1];
      if (last && last.kind === kind && last.properties === segment.properties) last.pieces.push(...segment.pieces);
      else segments.push({ ...segment, kind, pieces: [...segment.pieces] });
    };
    for (const item of run.items) {
      if ('xml' in item) {
        add({ kind: 'same', properties: run.properties, pieces: [item] });
        continue;
      }
      const i = item.char;
      const inserted = insertBefore.get(i);
      if (inserted) add(inserted);
      add({ kind: removed[i] ? 'del' : 'same', properties: run.properties, pieces: [chars[i].xml ? { xml: chars[i].xml! } : { text: chars[i].text }] });
      const after = insertAfter.get(i);
      if (after) add(after);
    }
    replaced.set(run.element, segments.map((s) => writeSegment(run, s, marks)).join(''));
  }
  return { xml: writeParagraph(model, replaced) };
}

const prefixOf = (element: XmlElement) => (element.prefix ? `${element.prefix}:` : '');

function writeSegment(run: Run, segment: Segment, marks?: RevisionMarks): string {
  const w = prefixOf(run.element);
  const textTag = segment.kind === 'del' ? `${w}delText` : `${w}t`;
  let content = '';
  let text = '';
  const flush = () => {
    if (text) content += `<${textTag} xml:space="preserve">${escapeText(text)}</${textTag}>`;
    text = '';
  };
  for (const piece of segment.pieces) {
    if ('text' in piece) text += piece.text;
    else {
      flush();
      content += piece.xml;
    }
  }
  flush();
  const xml = `${run.openTag}${segment.properties}${content}${run.closeTag}`;
  if (!marks || segment.kind === 'same') return xml;
  const tag = `${w}${segment.kind}`;
  return `<${tag} ${w}id="${marks.nextId()}" ${w}author="${escapeAttribute(marks.author)}" ${w}date="${escapeAttribute(marks.date)}">${xml}</${tag}>`;
}
