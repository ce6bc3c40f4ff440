// From the deck model to drawn shapes: overflow handling (shrink within limits, then split over more
// slides, never cut) and the geometry of every layout in every template. One geometry, two backends: the
// .pptx writer (server/engines/slides/pptx.ts) and the SVG thumbnails (svg.ts).
import { columnsOf, type Slide, type SlideChart, type SlideLayout } from './deck';
import type { SlideTemplate } from './templates';

/** Slide size in inches (16:9, PowerPoint's wide layout). */
export const SLIDE_W = 13.333;
export const SLIDE_H = 7.5;

export const FONT_LIMITS = {
  title: { max: 32, min: 18 },
  coverTitle: { max: 40, min: 24 },
  body: { max: 24, min: 16 },
  cover: { max: 20, min: 14 },
  table: { max: 20, min: 10 },
} as const;

const LINE = 1.25;
const PARA_GAP = 0.45;
const INSET = 0.1;
const BULLET_INDENT = 0.35;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Shape =
  | ({ kind: 'rect'; fill: string; radius?: number } & Box)
  | ({ kind: 'ellipse'; fill: string; opacity?: number } & Box)
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; width: number }
  | ({
      kind: 'text';
      paragraphs: string[];
      bullets: boolean;
      fontSize: number;
      color: string;
      bulletColor?: string;
      font: string;
      bold?: boolean;
      align: 'left' | 'center' | 'right';
      valign: 'top' | 'middle' | 'bottom';
    } & Box)
  | ({
      kind: 'table';
      header: string[];
      rows: string[][];
      fontSize: number;
      font: string;
      headerFill: string;
      headerColor: string;
      stripe: string;
      color: string;
      border: string;
    } & Box)
  | ({ kind: 'chart'; chart: SlideChart; colors: string[]; color: string; font: string } & Box);

export interface DrawnSlide {
  background: string;
  shapes: Shape[];
  notes: string;
  /** The deck slide this was drawn from (a split slide gives several drawn slides). */
  source: number;
  /** Shrunk below the layout's usual size, or continued from the slide before. */
  shrunk: boolean;
  continued: boolean;
}

// ---------------------------------------------------------------- measuring

function charEm(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x80) {
    if (ch === ' ') return 0.3;
    if (/[A-Z0-9]/.test(ch)) return 0.62;
    if (/[ilj.,;:'|!]/.test(ch)) return 0.3;
    return 0.52;
  }
  return 1;
}

/** Wrapped line count of a text at a font size (pt) in a width (in): greedy, character by character. */
export function lineCount(text: string, fontSize: number, width: number): number {
  const em = fontSize / 72;
  const perLine = Math.max(width / em, 1);
  let lines = 1;
  let used = 0;
  for (const ch of text) {
    if (ch === '\n') {
      lines++;
      used = 0;
      continue;
    }
    const w = charEm(ch);
    if (used + w > perLine && used > 0) {
      lines++;
      used = 0;
    }
    used += w;
  }
  return lines;
}

/** Height (in) a list of paragraphs needs in a box of this width. */
export function textHeight(paragraphs: string[], fontSize: number, width: number, bullets: boolean): number {
  const inner = width - 2 * INSET - (bullets ? BULLET_INDENT : 0);
  const em = fontSize / 72;
  let h = 2 * INSET;
  paragraphs.forEach((p, i) => {
    h += lineCount(p, fontSize, inner) * em * LINE;
    if (i > 0) h += em * PARA_GAP;
  });
  return h;
}

/** The largest size in [min, max] at which the paragraphs fit the box, or null. */
export function fitSize(paragraphs: string[], box: Box, limits: { max: number; min: number }, bullets: boolean): number | null {
  for (let size = limits.max; size >= limits.min; size--) {
    if (textHeight(paragraphs, size, box.w, bullets) <= box.h) return size;
  }
  return null;
}

// ---------------------------------------------------------------- geometry

const MARGIN = 0.7;

interface Frame {
  title: Box;
  body: Box;
}

function frameFor(template: SlideTemplate): Frame {
  const top = template.style === 'band' ? 0.15 : 0.35;
  const left = template.style === 'side' ? 1.0 : MARGIN;
  return {
    title: { x: left, y: top, w: SLIDE_W - left - MARGIN - (template.style === 'corner' ? 1.6 : 0), h: 1.0 },
    body: { x: left, y: 1.65, w: SLIDE_W - left - MARGIN, h: SLIDE_H - 1.65 - 0.55 },
  };
}

function coverBoxes(): { title: Box; lines: Box } {
  return { title: { x: 1.0, y: 1.6, w: SLIDE_W - 2.0, h: 2.0 }, lines: { x: 1.0, y: 4.0, w: SLIDE_W - 2.0, h: 2.6 } };
}

/** The box a layout's bullets go in (for fitting), given whether a table or chart takes the rest. */
function bulletBox(layout: SlideLayout, template: SlideTemplate): { box: Box; limits: { max: number; min: number } } {
  const f = frameFor(template);
  switch (layout) {
    case 'cover':
    case 'ending':
      return { box: coverBoxes().lines, limits: FONT_LIMITS.cover };
    case 'section':
      return { box: { x: 1.0, y: 4.2, w: SLIDE_W - 2.0, h: 2.2 }, limits: FONT_LIMITS.cover };
    case 'two-column':
      return { box: { ...f.body, w: (f.body.w - 0.5) / 2, h: f.body.h - 0.6 }, limits: FONT_LIMITS.body };
    case 'table':
    case 'chart':
      return { box: { ...f.body, y: f.body.y + f.body.h - 1.1, h: 1.1 }, limits: { max: 16, min: 12 } };
    default:
      return { box: f.body, limits: FONT_LIMITS.body };
  }
}

function titleLimits(layout: SlideLayout) {
  return layout === 'cover' ? FONT_LIMITS.coverTitle : FONT_LIMITS.title;
}

function titleBox(layout: SlideLayout, template: SlideTemplate): Box {
  if (layout === 'cover' || layout === 'ending') return coverBoxes().title;
  if (layout === 'section') return { x: 1.0, y: 2.2, w: SLIDE_W - 2.0, h: 1.8 };
  return frameFor(template).title;
}

// ---------------------------------------------------------------- overflow: shrink, then split

/** Splits a text that does not fit alone into pieces that do, at sentence ends, then commas, then anywhere; joined they are the text. */
export function splitLongText(text: string, fits: (piece: string) => boolean): string[] {
  if (fits(text)) return [text];
  const chars = [...text];
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    while (end > start + 1 && !fits(chars.slice(start, end).join(''))) end--;
    if (end < chars.length) {
      // Prefer a break after a sentence end or comma inside the piece that fits.
      const piece = chars.slice(start, end);
      const at = (re: RegExp) => {
        for (let i = piece.length - 1; i > piece.length / 3; i--) if (re.test(piece[i])) return start + i + 1;
        return -1;
      };
      const soft = at(/[。！？；;!?]/) > 0 ? at(/[。！？；;!?]/) : at(/[，、,：:\s]/);
      if (soft > start) end = soft;
    }
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pieces;
}

interface Planned {
  slide: Slide;
  source: number;
  continued: boolean;
}

const CONTINUED = '（续）';

function continuationLayout(layout: SlideLayout): SlideLayout {
  return layout === 'cover' || layout === 'ending' || layout === 'section' || layout === 'table' || layout === 'chart' ? 'content' : layout;
}

/**
 * A deck slide as one or more slides whose text fits: bullets that do not fit at the smallest size move
 * to a continuation slide (title + （续）); a bullet too long even alone is split at sentence ends; a
 * table's rows that do not fit continue on the next slide under the same header. Nothing is dropped.
 */
export function paginate(slide: Slide, source: number, template: SlideTemplate): Planned[] {
  const out: Planned[] = [];
  const { box, limits } = bulletBox(slide.layout, template);
  const fitsAtMin = (bullets: string[]) => {
    if (slide.layout === 'two-column') {
      const half = Math.ceil(bullets.length / 2);
      return [bullets.slice(0, half), bullets.slice(half)].every((col) => textHeight(col, limits.min, box.w, true) <= box.h);
    }
    return textHeight(bullets, limits.min, box.w, slide.layout !== 'cover' && slide.layout !== 'ending') <= box.h;
  };
  // Bullets too long alone are split first (into pieces that fit by themselves).
  const bullets = slide.bullets.flatMap((b) => (fitsAtMin([b]) ? [b] : splitLongText(b, (p) => fitsAtMin([p]))));

  // Tables: rows in chunks that fit.
  let tableChunks: Array<Slide['table']> = [slide.table];
  if (slide.table && slide.layout === 'table') tableChunks = splitTable(slide.table, tableBox(template, bullets.length > 0));

  let rest = bullets;
  let first = true;
  tableChunks.forEach((table, i) => {
    const isLastTable = i === tableChunks.length - 1;
    let take = isLastTable ? rest.length : 0;
    while (take > 0 && !fitsAtMin(rest.slice(0, take))) take--;
    if (isLastTable && take === 0 && rest.length > 0 && slide.layout !== 'table' && slide.layout !== 'chart') take = 1;
    out.push({
      slide: {
        ...slide,
        title: first ? slide.title : withContinued(slide.title),
        bullets: rest.slice(0, take),
        notes: first ? slide.notes : '（续上页）',
        table,
      },
      source,
      continued: !first,
    });
    rest = rest.slice(take);
    first = false;
  });
  while (rest.length > 0) {
    const layout = continuationLayout(slide.layout);
    const { box: b2, limits: l2 } = bulletBox(layout, template);
    let take = rest.length;
    const fits = (bs: string[]) =>
      layout === 'two-column'
        ? [bs.slice(0, Math.ceil(bs.length / 2)), bs.slice(Math.ceil(bs.length / 2))].every((col) => textHeight(col, l2.min, b2.w, true) <= b2.h)
        : textHeight(bs, l2.min, b2.w, true) <= b2.h;
    while (take > 1 && !fits(rest.slice(0, take))) take--;
    out.push({
      slide: { layout, title: withContinued(slide.title), bullets: rest.slice(0, take), notes: '（续上页）', columnTitles: slide.columnTitles },
      source,
      continued: true,
    });
    rest = rest.slice(take);
  }
  return out;
}

function withContinued(title: string): string {
  return title.endsWith(CONTINUED) ? title : `${title}${CONTINUED}`;
}

function tableBox(template: SlideTemplate, withCaption: boolean): Box {
  const f = frameFor(template).body;
  return withCaption ? { ...f, h: f.h - 1.2 } : f;
}

function rowHeight(row: string[], fontSize: number, colWidth: number): number {
  return Math.max(...row.map((c) => lineCount(c || ' ', fontSize, colWidth - 0.16))) * (fontSize / 72) * LINE + 0.14;
}

function tableHeight(header: string[], rows: string[][], fontSize: number, width: number): number {
  const colW = width / header.length;
  return [header, ...rows].reduce((h, r) => h + rowHeight(r, fontSize, colW), 0);
}

function splitTable(table: NonNullable<Slide['table']>, box: Box): Array<Slide['table']> {
  const chunks: Array<Slide['table']> = [];
  let rows = table.rows;
  do {
    let take = rows.length;
    while (take > 1 && tableHeight(table.header, rows.slice(0, take), FONT_LIMITS.table.min, box.w) > box.h) take--;
    chunks.push({ header: table.header, rows: rows.slice(0, take) });
    rows = rows.slice(take);
  } while (rows.length > 0);
  return chunks;
}

// ---------------------------------------------------------------- drawing

function chartColors(t: SlideTemplate): string[] {
  return [t.palette.primary, t.palette.accent, t.palette.secondary, t.palette.text];
}

function decorations(t: SlideTemplate, layout: SlideLayout): Shape[] {
  const p = t.palette;
  const full = layout === 'cover' || layout === 'section' || layout === 'ending';
  const s: Shape[] = [];
  switch (t.style) {
    case 'band':
      if (full) {
        s.push({ kind: 'rect', x: 0, y: 0, w: SLIDE_W, h: SLIDE_H, fill: p.primary });
        s.push({ kind: 'rect', x: 0, y: SLIDE_H - 0.35, w: SLIDE_W, h: 0.35, fill: p.accent });
      } else {
        s.push({ kind: 'rect', x: 0, y: 0, w: SLIDE_W, h: 1.3, fill: p.primary });
        s.push({ kind: 'rect', x: 0, y: 1.3, w: SLIDE_W, h: 0.06, fill: p.accent });
      }
      break;
    case 'side':
      s.push({ kind: 'rect', x: 0, y: 0, w: full ? 3.2 : 0.45, h: SLIDE_H, fill: p.primary });
      s.push({ kind: 'rect', x: full ? 3.2 : 0.45, y: 0, w: 0.08, h: SLIDE_H, fill: p.accent });
      break;
    case 'frame':
      if (full) s.push({ kind: 'rect', x: 0, y: 0, w: SLIDE_W, h: SLIDE_H, fill: p.primary });
      s.push({ kind: 'line', x1: 0.3, y1: 0.3, x2: SLIDE_W - 0.3, y2: 0.3, color: p.accent, width: 2 });
      s.push({ kind: 'line', x1: 0.3, y1: SLIDE_H - 0.3, x2: SLIDE_W - 0.3, y2: SLIDE_H - 0.3, color: p.accent, width: 2 });
      s.push({ kind: 'line', x1: 0.3, y1: 0.3, x2: 0.3, y2: SLIDE_H - 0.3, color: p.accent, width: 2 });
      s.push({ kind: 'line', x1: SLIDE_W - 0.3, y1: 0.3, x2: SLIDE_W - 0.3, y2: SLIDE_H - 0.3, color: p.accent, width: 2 });
      if (!full) s.push({ kind: 'line', x1: MARGIN, y1: 1.4, x2: SLIDE_W - MARGIN, y2: 1.4, color: p.primary, width: 1.5 });
      break;
    case 'minimal':
      if (full) s.push({ kind: 'rect', x: 0, y: SLIDE_H - 1.2, w: SLIDE_W, h: 1.2, fill: p.primary });
      else s.push({ kind: 'rect', x: MARGIN, y: 1.38, w: 1.6, h: 0.07, fill: p.accent });
      break;
    case 'dark':
      s.push({ kind: 'rect', x: 0, y: 0, w: 0.18, h: SLIDE_H, fill: p.primary });
      if (!full) s.push({ kind: 'line', x1: MARGIN, y1: 1.4, x2: SLIDE_W - MARGIN, y2: 1.4, color: p.light, width: 1 });
      break;
    case 'corner':
      if (full) {
        s.push({ kind: 'ellipse', x: SLIDE_W - 3.6, y: SLIDE_H - 2.4, w: 6, h: 6, fill: p.primary, opacity: 0.9 });
        s.push({ kind: 'ellipse', x: SLIDE_W - 4.3, y: SLIDE_H - 2.0, w: 0.9, h: 0.9, fill: p.accent, opacity: 0.9 });
        s.push({ kind: 'ellipse', x: -1.5, y: -1.5, w: 3, h: 3, fill: p.secondary, opacity: 0.5 });
      } else {
        s.push({ kind: 'ellipse', x: SLIDE_W - 2.0, y: -1.0, w: 3, h: 3, fill: p.primary, opacity: 0.9 });
        s.push({ kind: 'ellipse', x: SLIDE_W - 0.9, y: 1.6, w: 0.6, h: 0.6, fill: p.accent, opacity: 0.9 });
      }
      break;
  }
  return s;
}

function onFull(t: SlideTemplate): { title: string; text: string } {
  // Colours of text on a cover / section / ending slide.
  if (t.style === 'band' || t.style === 'frame') return { title: t.palette.onPrimary, text: t.palette.onPrimary };
  if (t.style === 'dark') return { title: t.palette.primary, text: t.palette.text };
  return { title: t.palette.primary, text: t.palette.text };
}

function titleColor(t: SlideTemplate): string {
  return t.style === 'band' ? t.palette.onPrimary : t.style === 'dark' ? t.palette.text : t.palette.primary;
}

/** One planned slide as shapes. */
function draw(planned: Planned, t: SlideTemplate): DrawnSlide {
  const { slide } = planned;
  const p = t.palette;
  const shapes: Shape[] = decorations(t, slide.layout);
  const full = slide.layout === 'cover' || slide.layout === 'section' || slide.layout === 'ending';
  const colors = full ? onFull(t) : { title: titleColor(t), text: p.text };
  let shrunk = false;

  const tBox = titleBox(slide.layout, t);
  const tLimits = titleLimits(slide.layout);
  const title = slide.title || ' ';
  const tSize = fitSize([title], tBox, tLimits, false) ?? tLimits.min;
  if (tSize < tLimits.max - 6) shrunk = true;
  const sideFull = t.style === 'side' && full;
  const titleShape: Shape = {
    kind: 'text',
    ...(sideFull ? { ...tBox, x: 3.7, w: SLIDE_W - 4.4 } : tBox),
    paragraphs: [title],
    bullets: false,
    fontSize: tSize,
    color: colors.title,
    font: t.fonts.title,
    bold: true,
    align: full && !sideFull ? 'center' : 'left',
    valign: full ? (slide.layout === 'section' ? 'bottom' : 'middle') : 'middle',
  };
  shapes.push(titleShape);

  const { box, limits } = bulletBox(slide.layout, t);
  const bodyText = (paragraphs: string[], b: Box, bulleted: boolean, align: 'left' | 'center' = 'left', color = colors.text) => {
    if (paragraphs.length === 0) return;
    const size = fitSize(paragraphs, b, limits, bulleted) ?? limits.min;
    if (size < limits.max) shrunk = true;
    shapes.push({ kind: 'text', ...b, paragraphs, bullets: bulleted, fontSize: size, color, bulletColor: p.accent, font: t.fonts.body, align, valign: 'top' });
  };

  switch (slide.layout) {
    case 'cover':
    case 'ending':
    case 'section':
      bodyText(slide.bullets, sideFull ? { ...box, x: 3.7, w: SLIDE_W - 4.4 } : box, false, sideFull ? 'left' : 'center');
      break;
    case 'toc': {
      const numbered = slide.bullets.map((b, i) => `${String(i + 1).padStart(2, '0')}  ${b}`);
      bodyText(numbered, box, false);
      break;
    }
    case 'two-column': {
      const [left, right] = columnsOf(slide);
      const heads = slide.columnTitles ?? ['', ''];
      const colW = box.w;
      const gap = 0.5;
      [left, right].forEach((col, i) => {
        const x = box.x + i * (colW + gap);
        shapes.push({ kind: 'rect', x, y: box.y - 0.05, w: colW, h: 0.55, fill: i === 0 ? p.primary : p.secondary, radius: 0.05 });
        shapes.push({ kind: 'text', x, y: box.y - 0.05, w: colW, h: 0.55, paragraphs: [heads[i] || (i === 0 ? '一' : '二')], bullets: false, fontSize: 18, color: t.style === 'dark' ? p.onPrimary : '#FFFFFF', font: t.fonts.title, bold: true, align: 'center', valign: 'middle' });
        bodyText(col, { x, y: box.y + 0.6, w: colW, h: box.h }, true);
      });
      break;
    }
    case 'table':
    case 'chart': {
      const hasCaption = slide.bullets.length > 0;
      const area = tableBox(t, hasCaption);
      if (slide.layout === 'table' && slide.table) {
        let size: number = FONT_LIMITS.table.max;
        while (size > FONT_LIMITS.table.min && tableHeight(slide.table.header, slide.table.rows, size, area.w) > area.h) size--;
        const h = Math.min(area.h, tableHeight(slide.table.header, slide.table.rows, size, area.w));
        shapes.push({ kind: 'table', ...area, h, header: slide.table.header, rows: slide.table.rows, fontSize: size, font: t.fonts.body, headerFill: p.primary, headerColor: t.style === 'dark' ? p.onPrimary : '#FFFFFF', stripe: p.light, color: p.text, border: t.style === 'dark' ? '#555B66' : '#C8CDD3' });
      } else if (slide.layout === 'chart' && slide.chart) {
        shapes.push({ kind: 'chart', ...area, chart: slide.chart, colors: chartColors(t), color: p.text, font: t.fonts.body });
      }
      if (hasCaption) bodyText(slide.bullets, box, true);
      break;
    }
    case 'summary':
      shapes.push({ kind: 'rect', ...box, fill: p.light, radius: 0.08 });
      bodyText(slide.bullets, { x: box.x + 0.3, y: box.y + 0.2, w: box.w - 0.6, h: box.h - 0.4 }, true);
      break;
    default:
      bodyText(slide.bullets, box, true);
  }
  return { background: p.background, shapes, notes: slide.notes, source: planned.source, shrunk, continued: planned.continued };
}

/** Every slide of a deck drawn in a template, overflow handled. */
export function layoutDeck(slides: readonly Slide[], template: SlideTemplate): DrawnSlide[] {
  return slides.flatMap((s, i) => paginate(s, i, template)).map((planned) => draw(planned, template));
}

/** One deck slide drawn (its first page when it would be split): the editor's thumbnail. */
export function layoutSlide(slide: Slide, template: SlideTemplate): DrawnSlide[] {
  return paginate(slide, 0, template).map((planned) => draw(planned, template));
}
