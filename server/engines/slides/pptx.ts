import PptxGenJS from 'pptxgenjs';
import type { Slide } from '@common/slides/deck';
import { type DrawnSlide, layoutDeck, type Shape } from '@common/slides/layout';
import type { SlideTemplate } from '@common/slides/templates';

// The .pptx: each drawn slide's shapes written with pptxgenjs (text with the template's fonts as Latin,
// East Asian and complex-script faces, native tables and charts, speaker notes).

export interface RenderOptions {
  title: string;
  author?: string;
  /** Called after each slide is written (0-1), for the task's progress. */
  onProgress?: (fraction: number) => void;
}

export interface RenderedDeck {
  data: Uint8Array;
  slideCount: number;
  /** Deck slides that were split over more than one slide, and drawn slides set below their usual size. */
  split: number;
  shrunk: number;
}

const hex = (color: string) => color.replace('#', '').toUpperCase();

function addShape(pptx: PptxGenJS, s: PptxGenJS.Slide, shape: Shape): void {
  switch (shape.kind) {
    case 'rect':
      s.addShape(shape.radius ? pptx.ShapeType.roundRect : pptx.ShapeType.rect, {
        x: shape.x,
        y: shape.y,
        w: shape.w,
        h: shape.h,
        fill: { color: hex(shape.fill) },
        line: { type: 'none' },
        ...(shape.radius ? { rectRadius: shape.radius } : {}),
      });
      return;
    case 'ellipse':
      s.addShape(pptx.ShapeType.ellipse, {
        x: shape.x,
        y: shape.y,
        w: shape.w,
        h: shape.h,
        fill: { color: hex(shape.fill), transparency: shape.opacity === undefined ? 0 : Math.round((1 - shape.opacity) * 100) },
        line: { type: 'none' },
      });
      return;
    case 'line':
      s.addShape(pptx.ShapeType.line, {
        x: Math.min(shape.x1, shape.x2),
        y: Math.min(shape.y1, shape.y2),
        w: Math.abs(shape.x2 - shape.x1),
        h: Math.abs(shape.y2 - shape.y1),
        line: { color: hex(shape.color), width: shape.width },
      });
      return;
    case 'text':
      s.addText(
        shape.paragraphs.map((text, i) => ({
          text,
          options: {
            breakLine: i < shape.paragraphs.length - 1,
            ...(shape.bullets ? { bullet: { code: '25CF', indent: 24 }, paraSpaceBefore: i > 0 ? Math.round(shape.fontSize * 0.45) : 0 } : { paraSpaceBefore: i > 0 ? Math.round(shape.fontSize * 0.45) : 0 }),
          },
        })),
        {
          x: shape.x,
          y: shape.y,
          w: shape.w,
          h: shape.h,
          fontFace: shape.font,
          fontSize: shape.fontSize,
          color: hex(shape.color),
          bold: shape.bold ?? false,
          align: shape.align,
          valign: shape.valign,
          lineSpacingMultiple: 1.1,
          margin: 7,
          fit: 'none',
          lang: 'zh-CN',
        },
      );
      return;
    case 'table': {
      const colW = shape.w / shape.header.length;
      const rows = [shape.header, ...shape.rows].map((row, r) =>
        row.map((text) => ({
          text,
          options: {
            bold: r === 0,
            color: hex(r === 0 ? shape.headerColor : shape.color),
            fill: { color: hex(r === 0 ? shape.headerFill : r % 2 === 0 ? shape.stripe : '#FFFFFF') },
          },
        })),
      );
      s.addTable(rows, {
        x: shape.x,
        y: shape.y,
        w: shape.w,
        colW: shape.header.map(() => colW),
        fontFace: shape.font,
        fontSize: shape.fontSize,
        border: { type: 'solid', pt: 0.75, color: hex(shape.border) },
        valign: 'middle',
        autoPage: false,
      });
      return;
    }
    case 'chart': {
      const type = shape.chart.kind === 'pie' ? pptx.ChartType.pie : shape.chart.kind === 'line' ? pptx.ChartType.line : pptx.ChartType.bar;
      const series = shape.chart.kind === 'pie' ? shape.chart.series.slice(0, 1) : shape.chart.series;
      s.addChart(
        type,
        series.map((x) => ({ name: x.name, labels: shape.chart.categories, values: x.values })),
        {
          x: shape.x,
          y: shape.y,
          w: shape.w,
          h: shape.h,
          chartColors: (shape.chart.kind === 'pie' ? shape.chart.categories.map((_, i) => shape.colors[i % shape.colors.length]) : shape.colors).map(hex),
          showLegend: true,
          legendPos: 't',
          legendFontFace: shape.font,
          catAxisLabelFontFace: shape.font,
          valAxisLabelFontFace: shape.font,
          catAxisLabelColor: hex(shape.color),
          valAxisLabelColor: hex(shape.color),
          legendColor: hex(shape.color),
          dataLabelColor: hex(shape.color),
          showValue: shape.chart.kind !== 'line',
          barGrouping: 'clustered',
        },
      );
      return;
    }
  }
}

/** Writes drawn slides to a .pptx. */
export async function writePptx(drawn: DrawnSlide[], options: RenderOptions): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = options.title;
  pptx.author = options.author ?? '墨研';
  pptx.company = '墨研';
  pptx.subject = options.title;
  pptx.theme = { headFontFace: '微软雅黑', bodyFontFace: '微软雅黑' };
  drawn.forEach((d, i) => {
    const s = pptx.addSlide();
    s.background = { color: hex(d.background) };
    for (const shape of d.shapes) addShape(pptx, s, shape);
    if (d.notes.trim()) s.addNotes(d.notes);
    options.onProgress?.((i + 1) / drawn.length);
  });
  const out = (await pptx.write({ outputType: 'uint8array', compression: true })) as Uint8Array;
  return out;
}

/** A deck rendered in a template: overflow handled, then written. */
export async function renderDeck(slides: readonly Slide[], template: SlideTemplate, options: RenderOptions): Promise<RenderedDeck> {
  const drawn = layoutDeck(slides, template);
  const data = await writePptx(drawn, options);
  const sources = new Map<number, number>();
  for (const d of drawn) sources.set(d.source, (sources.get(d.source) ?? 0) + 1);
  return {
    data,
    slideCount: drawn.length,
    split: [...sources.values()].filter((c) => c > 1).length,
    shrunk: drawn.filter((d) => d.shrunk).length,
  };
}
