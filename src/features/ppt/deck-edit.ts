import type { PptDeck, PptDeckBody, PptSlide, PptSlideLayout } from '@/api/gen/model';
import { blankSlide, SLIDE_LAYOUTS, type Slide, type SlideLayout, validateSlides } from '@common/slides/deck';

// The outline editor's edits as pure functions of the slide list (each returns a new list, indexes renumbered).

export const renumber = (slides: PptSlide[]): PptSlide[] => slides.map((s, index) => ({ ...s, index }));

export function moveSlide(slides: PptSlide[], from: number, to: number): PptSlide[] {
  if (to < 0 || to >= slides.length || from === to) return slides;
  const next = [...slides];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumber(next);
}

export function removeSlide(slides: PptSlide[], at: number): PptSlide[] {
  return renumber(slides.filter((_, i) => i !== at));
}

export function addSlide(slides: PptSlide[], after: number, layout: PptSlideLayout): PptSlide[] {
  const next = [...slides];
  next.splice(after + 1, 0, { index: 0, ...blankSlide(layout as SlideLayout) });
  return renumber(next);
}

/** A new layout keeps the text; a table or chart slide gets example data to edit when it has none. */
export function setLayout(slides: PptSlide[], at: number, layout: PptSlideLayout): PptSlide[] {
  return slides.map((s, i) => {
    if (i !== at) return s;
    const blank = blankSlide(layout as SlideLayout);
    return {
      ...s,
      layout,
      ...(layout === 'table' && !s.table ? { table: blank.table } : {}),
      ...(layout === 'chart' && !s.chart ? { chart: blank.chart } : {}),
      ...(layout === 'two-column' && !s.columnTitles ? { columnTitles: blank.columnTitles } : {}),
    };
  });
}

export function patchSlide(slides: PptSlide[], at: number, patch: Partial<PptSlide>): PptSlide[] {
  return slides.map((s, i) => (i === at ? { ...s, ...patch } : s));
}

/** Bullets typed one per line (blank lines dropped). */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** A table typed as lines of cells separated by | or a tab; the first line is the header. */
export function parseTable(text: string): PptSlide['table'] | undefined {
  const rows = linesOf(text).map((l) => l.split(/\t|\|/).map((c) => c.trim()));
  if (rows.length === 0) return undefined;
  const width = rows[0].length;
  return { header: rows[0], rows: rows.slice(1).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')) };
}

export const tableText = (table: PptSlide['table']): string => (table ? [table.header, ...table.rows].map((r) => r.join(' | ')).join('\n') : '');

/**
 * A slide as the thumbnails draw it: whatever the server or the mock sent, made drawable (an unknown layout
 * is drawn as content, table or chart data that does not fit its shape is left out).
 */
export function drawable(slide: PptSlide): Slide {
  const layout = (SLIDE_LAYOUTS as readonly string[]).includes(slide.layout) ? (slide.layout as SlideLayout) : 'content';
  const base: Slide = {
    layout,
    title: String(slide.title ?? ''),
    bullets: Array.isArray(slide.bullets) ? slide.bullets.map(String).slice(0, 8) : [],
    notes: String(slide.notes ?? ''),
  };
  if (slide.columnTitles?.length === 2) base.columnTitles = [slide.columnTitles[0], slide.columnTitles[1]];
  if (slide.table && validateSlides([{ ...base, table: slide.table }]).length === 0) base.table = slide.table;
  if (slide.chart && validateSlides([{ ...base, chart: slide.chart as Slide['chart'] }]).length === 0) base.chart = slide.chart as Slide['chart'];
  return base;
}

/** Problems that would make the server refuse the outline (shown before saving). */
export function outlineProblems(slides: PptSlide[]): string[] {
  return validateSlides(slides.map((s) => ({ ...s, bullets: s.bullets.filter((b) => b.trim()) })));
}

/** The save_or_update body for the editor's current state. */
export function saveBody(deck: PptDeck, slides: PptSlide[], changes: { title?: string; templateId?: string } = {}): PptDeckBody {
  return {
    id: deck.id,
    title: changes.title ?? deck.title,
    templateId: changes.templateId ?? deck.templateId,
    scene: deck.scene,
    pageCount: deck.pageCount,
    source: deck.source,
    slides: renumber(slides.map((s) => ({ ...s, bullets: s.bullets.filter((b) => b.trim()) }))),
  };
}

/**
 * Chart data typed as a table: the first line names the series (its first cell is ignored), each further
 * line is a category and its numbers. Unreadable numbers count as 0.
 */
export function parseChart(text: string, kind: 'bar' | 'line' | 'pie' = 'bar'): PptSlide['chart'] | undefined {
  const rows = linesOf(text).map((l) => l.split(/\t|\|/).map((c) => c.trim()));
  if (rows.length < 2 || rows[0].length < 2) return undefined;
  const names = rows[0].slice(1);
  const data = rows.slice(1);
  return {
    kind,
    categories: data.map((r) => r[0] ?? ''),
    series: names.map((name, i) => ({ name, values: data.map((r) => Number(String(r[i + 1] ?? '').replace(/[%,，]/g, '')) || 0) })),
  };
}

export const chartText = (chart: PptSlide['chart']): string =>
  chart ? [['分类', ...chart.series.map((s) => s.name)], ...chart.categories.map((c, i) => [c, ...chart.series.map((s) => String(s.values[i] ?? ''))])].map((r) => r.join(' | ')).join('\n') : '';
