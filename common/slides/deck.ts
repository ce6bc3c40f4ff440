// The slide-deck model shared by the server (outline, validation, .pptx rendering) and the browser (the
// outline editor and its thumbnails). Plain JSON: what save_or_update stores and load_by_id returns.

export const SLIDE_LAYOUTS = ['cover', 'toc', 'section', 'content', 'two-column', 'table', 'chart', 'summary', 'ending'] as const;
export type SlideLayout = (typeof SLIDE_LAYOUTS)[number];

export const LAYOUT_LABELS: Record<SlideLayout, string> = {
  cover: '封面',
  toc: '目录',
  section: '章节过渡',
  content: '要点',
  'two-column': '双栏对比',
  table: '表格',
  chart: '图表',
  summary: '总结',
  ending: '致谢结束',
};

export interface SlideTable {
  /** Column headings. */
  header: string[];
  rows: string[][];
}

export interface SlideChart {
  kind: 'bar' | 'line' | 'pie';
  categories: string[];
  series: Array<{ name: string; values: number[] }>;
}

export interface Slide {
  layout: SlideLayout;
  title: string;
  /**
   * The slide's points. The cover's lines under the title (汇报人, 指导教师, 单位, 日期); for two-column the
   * first half is the left column and the second half the right one (or split at `columnTitles`).
   */
  bullets: string[];
  notes: string;
  /** two-column: the headings of the two columns. */
  columnTitles?: [string, string];
  table?: SlideTable;
  chart?: SlideChart;
}

export const DECK_LIMITS = {
  maxSlides: 50,
  maxBullets: 8,
  maxTitle: 100,
  maxBullet: 200,
  maxNotes: 2000,
  maxTableColumns: 6,
  maxTableRows: 30,
  maxTableCell: 60,
  maxChartCategories: 12,
  maxChartSeries: 4,
} as const;

/** The two columns of a two-column slide. */
export function columnsOf(slide: Slide): [string[], string[]] {
  const half = Math.ceil(slide.bullets.length / 2);
  return [slide.bullets.slice(0, half), slide.bullets.slice(half)];
}

/** Problems with a slide list, in Chinese, for a 400 (empty when it is valid). */
export function validateSlides(slides: unknown): string[] {
  if (!Array.isArray(slides)) return ['幻灯片必须是数组'];
  const problems: string[] = [];
  if (slides.length > DECK_LIMITS.maxSlides) problems.push(`幻灯片最多 ${DECK_LIMITS.maxSlides} 页`);
  slides.forEach((raw, i) => {
    const at = `第 ${i + 1} 页`;
    if (!raw || typeof raw !== 'object') return problems.push(`${at}格式不正确`);
    const s = raw as Partial<Slide>;
    if (!SLIDE_LAYOUTS.includes(s.layout as SlideLayout)) problems.push(`${at}的版式不存在`);
    if (typeof s.title !== 'string') problems.push(`${at}缺少标题`);
    else if (s.title.length > DECK_LIMITS.maxTitle) problems.push(`${at}的标题超过 ${DECK_LIMITS.maxTitle} 字`);
    if (!Array.isArray(s.bullets) || s.bullets.some((b) => typeof b !== 'string')) problems.push(`${at}的要点格式不正确`);
    else {
      if (s.bullets.length > DECK_LIMITS.maxBullets) problems.push(`${at}的要点超过 ${DECK_LIMITS.maxBullets} 条`);
      if (s.bullets.some((b) => b.length > DECK_LIMITS.maxBullet)) problems.push(`${at}有要点超过 ${DECK_LIMITS.maxBullet} 字`);
    }
    if (typeof s.notes !== 'string') problems.push(`${at}缺少备注`);
    else if (s.notes.length > DECK_LIMITS.maxNotes) problems.push(`${at}的备注超过 ${DECK_LIMITS.maxNotes} 字`);
    if (s.table !== undefined && s.table !== null) {
      const t = s.table;
      const ok =
        Array.isArray(t.header) &&
        t.header.length >= 1 &&
        t.header.length <= DECK_LIMITS.maxTableColumns &&
        Array.isArray(t.rows) &&
        t.rows.length <= DECK_LIMITS.maxTableRows &&
        [t.header, ...t.rows].every(
          (row) => Array.isArray(row) && row.length === t.header.length && row.every((c) => typeof c === 'string' && c.length <= DECK_LIMITS.maxTableCell),
        );
      if (!ok) problems.push(`${at}的表格格式不正确（最多 ${DECK_LIMITS.maxTableColumns} 列、${DECK_LIMITS.maxTableRows} 行，每行列数与表头一致）`);
    }
    if (s.chart !== undefined && s.chart !== null) {
      const c = s.chart;
      const ok =
        ['bar', 'line', 'pie'].includes(c.kind) &&
        Array.isArray(c.categories) &&
        c.categories.length >= 1 &&
        c.categories.length <= DECK_LIMITS.maxChartCategories &&
        c.categories.every((x) => typeof x === 'string' && x.length <= 30) &&
        Array.isArray(c.series) &&
        c.series.length >= 1 &&
        c.series.length <= DECK_LIMITS.maxChartSeries &&
        c.series.every(
          (x) =>
            x &&
            typeof x.name === 'string' &&
            x.name.length <= 30 &&
            Array.isArray(x.values) &&
            x.values.length === c.categories.length &&
            x.values.every((v) => typeof v === 'number' && Number.isFinite(v)),
        );
      if (!ok) problems.push(`${at}的图表数据格式不正确（分类与每组数值个数一致）`);
    }
  });
  return problems;
}

/** A new slide of a layout, with text the user replaces (the editor's 添加幻灯片). */
export function blankSlide(layout: SlideLayout): Slide {
  switch (layout) {
    case 'table':
      return { layout, title: '数据对比', bullets: [], notes: '', table: { header: ['方法', '指标一', '指标二'], rows: [['本文方法', '—', '—'], ['基线方法', '—', '—']] } };
    case 'chart':
      return { layout, title: '实验结果', bullets: [], notes: '', chart: { kind: 'bar', categories: ['A', 'B', 'C'], series: [{ name: '数值', values: [1, 2, 3] }] } };
    case 'two-column':
      return { layout, title: '对比', bullets: ['左栏要点', '右栏要点'], notes: '', columnTitles: ['方案一', '方案二'] };
    case 'cover':
      return { layout, title: '标题', bullets: ['汇报人：', '指导教师：'], notes: '' };
    case 'ending':
      return { layout, title: '谢谢！敬请各位老师批评指正', bullets: [], notes: '' };
    default:
      return { layout, title: '新幻灯片', bullets: ['要点'], notes: '' };
  }
}
