// A drawn slide as SVG: the template previews (public/ppt-templates) and the outline editor's thumbnails.
// Text is wrapped with the same measure the overflow handling uses, so the thumbnail shows the .pptx's breaks.
import { type DrawnSlide, lineCount, type Shape, SLIDE_H, SLIDE_W } from './layout';

const PX = 100; // px per inch in the viewBox
const FONT_STACK = "'Microsoft YaHei','微软雅黑','PingFang SC','Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC',sans-serif";

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function n(v: number): string {
  return String(Math.round(v * PX * 10) / 10);
}

/** Wraps a paragraph into lines the way lineCount counts them. */
export function wrapLines(text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const ch of text) {
    if (current && lineCount(current + ch, fontSize, width) > 1) {
      lines.push(current);
      current = ch;
    } else current += ch;
  }
  lines.push(current);
  return lines;
}

function fontFamily(font: string): string {
  return `'${font}',${FONT_STACK}`;
}

function textShape(s: Extract<Shape, { kind: 'text' }>): string {
  const em = s.fontSize / 72;
  const indent = s.bullets ? 0.35 : 0;
  const inner = s.w - 0.2 - indent;
  const blocks = s.paragraphs.map((p) => wrapLines(p, s.fontSize, inner));
  const lineH = em * 1.25;
  const total = blocks.reduce((h, b, i) => h + b.length * lineH + (i > 0 ? em * 0.45 : 0), 0) + 0.2;
  let y = s.y + 0.1 + (s.valign === 'middle' ? (s.h - total) / 2 : s.valign === 'bottom' ? s.h - total : 0);
  const anchor = s.align === 'center' ? 'middle' : s.align === 'right' ? 'end' : 'start';
  const x = s.align === 'center' ? s.x + s.w / 2 : s.align === 'right' ? s.x + s.w - 0.1 : s.x + 0.1 + indent;
  const out: string[] = [];
  blocks.forEach((lines, i) => {
    if (i > 0) y += em * 0.45;
    lines.forEach((line, j) => {
      const baseline = y + em * 0.95;
      if (s.bullets && j === 0) out.push(`<circle cx="${n(s.x + 0.1 + 0.12)}" cy="${n(baseline - em * 0.33)}" r="${n(em * 0.12)}" fill="${s.bulletColor ?? s.color}"/>`);
      out.push(`<text x="${n(x)}" y="${n(baseline)}" font-size="${n(em)}" fill="${s.color}" text-anchor="${anchor}"${s.bold ? ' font-weight="bold"' : ''} font-family="${esc(fontFamily(s.font))}">${esc(line)}</text>`);
      y += lineH;
    });
  });
  return out.join('');
}

function tableShape(s: Extract<Shape, { kind: 'table' }>): string {
  const colW = s.w / s.header.length;
  const em = s.fontSize / 72;
  const out: string[] = [];
  let y = s.y;
  [s.header, ...s.rows].forEach((row, r) => {
    const wrapped = row.map((c) => wrapLines(c, s.fontSize, colW - 0.16));
    const h = Math.max(...wrapped.map((w) => w.length)) * em * 1.25 + 0.14;
    out.push(`<rect x="${n(s.x)}" y="${n(y)}" width="${n(s.w)}" height="${n(h)}" fill="${r === 0 ? s.headerFill : r % 2 === 0 ? s.stripe : 'none'}" stroke="${s.border}" stroke-width="1"/>`);
    wrapped.forEach((lines, c) => {
      lines.forEach((line, k) => {
        out.push(`<text x="${n(s.x + c * colW + 0.08)}" y="${n(y + 0.07 + em * (0.95 + 1.25 * k))}" font-size="${n(em)}" fill="${r === 0 ? s.headerColor : s.color}"${r === 0 ? ' font-weight="bold"' : ''} font-family="${esc(fontFamily(s.font))}">${esc(line)}</text>`);
      });
      if (c > 0) out.push(`<line x1="${n(s.x + c * colW)}" y1="${n(y)}" x2="${n(s.x + c * colW)}" y2="${n(y + h)}" stroke="${s.border}" stroke-width="1"/>`);
    });
    y += h;
  });
  return out.join('');
}

function chartShape(s: Extract<Shape, { kind: 'chart' }>): string {
  const { chart } = s;
  const out: string[] = [];
  const legendH = 0.4;
  const plot = { x: s.x + 0.5, y: s.y + legendH, w: s.w - 0.7, h: s.h - legendH - 0.5 };
  const font = esc(fontFamily(s.font));
  chart.series.forEach((ser, i) => {
    out.push(`<rect x="${n(s.x + 0.5 + i * 2)}" y="${n(s.y + 0.1)}" width="${n(0.2)}" height="${n(0.2)}" fill="${s.colors[i % s.colors.length]}"/>`);
    out.push(`<text x="${n(s.x + 0.78 + i * 2)}" y="${n(s.y + 0.28)}" font-size="${n(0.18)}" fill="${s.color}" font-family="${font}">${esc(ser.name)}</text>`);
  });
  if (chart.kind === 'pie') {
    const values = chart.series[0].values.map((v) => Math.max(v, 0));
    const total = values.reduce((a, b) => a + b, 0) || 1;
    const cx = plot.x + plot.w / 2;
    const cy = plot.y + plot.h / 2;
    const r = Math.min(plot.w, plot.h) / 2;
    let angle = -Math.PI / 2;
    values.forEach((v, i) => {
      const a2 = angle + (v / total) * Math.PI * 2;
      const large = a2 - angle > Math.PI ? 1 : 0;
      const p1 = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
      const p2 = [cx + r * Math.cos(a2), cy + r * Math.sin(a2)];
      out.push(`<path d="M${n(cx)} ${n(cy)} L${n(p1[0])} ${n(p1[1])} A${n(r)} ${n(r)} 0 ${large} 1 ${n(p2[0])} ${n(p2[1])} Z" fill="${s.colors[i % s.colors.length]}" stroke="#FFFFFF" stroke-width="2"/>`);
      angle = a2;
    });
    return out.join('');
  }
  const all = chart.series.flatMap((x) => x.values);
  const max = Math.max(...all, 0);
  const min = Math.min(...all, 0);
  const span = max - min || 1;
  const yOf = (v: number) => plot.y + plot.h - ((v - min) / span) * plot.h;
  out.push(`<line x1="${n(plot.x)}" y1="${n(yOf(0))}" x2="${n(plot.x + plot.w)}" y2="${n(yOf(0))}" stroke="${s.color}" stroke-width="1"/>`);
  const groupW = plot.w / chart.categories.length;
  chart.categories.forEach((cat, c) => {
    out.push(`<text x="${n(plot.x + groupW * (c + 0.5))}" y="${n(plot.y + plot.h + 0.3)}" font-size="${n(0.16)}" fill="${s.color}" text-anchor="middle" font-family="${font}">${esc(cat)}</text>`);
  });
  if (chart.kind === 'bar') {
    const barW = (groupW * 0.7) / chart.series.length;
    chart.series.forEach((ser, i) =>
      ser.values.forEach((v, c) => {
        const x = plot.x + groupW * c + groupW * 0.15 + i * barW;
        const y = Math.min(yOf(v), yOf(0));
        out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(barW * 0.92)}" height="${n(Math.abs(yOf(v) - yOf(0)))}" fill="${s.colors[i % s.colors.length]}"/>`);
      }),
    );
  } else {
    chart.series.forEach((ser, i) => {
      const pts = ser.values.map((v, c) => `${n(plot.x + groupW * (c + 0.5))},${n(yOf(v))}`).join(' ');
      out.push(`<polyline points="${pts}" fill="none" stroke="${s.colors[i % s.colors.length]}" stroke-width="4"/>`);
    });
  }
  return out.join('');
}

function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.w)}" height="${n(s.h)}"${s.radius ? ` rx="${n(s.radius)}"` : ''} fill="${s.fill}"/>`;
    case 'ellipse':
      return `<ellipse cx="${n(s.x + s.w / 2)}" cy="${n(s.y + s.h / 2)}" rx="${n(s.w / 2)}" ry="${n(s.h / 2)}" fill="${s.fill}"${s.opacity !== undefined ? ` fill-opacity="${s.opacity}"` : ''}/>`;
    case 'line':
      return `<line x1="${n(s.x1)}" y1="${n(s.y1)}" x2="${n(s.x2)}" y2="${n(s.y2)}" stroke="${s.color}" stroke-width="${s.width * 1.4}"/>`;
    case 'text':
      return textShape(s);
    case 'table':
      return tableShape(s);
    case 'chart':
      return chartShape(s);
  }
}

/** A drawn slide as a standalone SVG document (viewBox 1333 × 750). */
export function slideSvg(slide: DrawnSlide): string {
  const w = n(SLIDE_W);
  const h = n(SLIDE_H);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${slide.background}"/>${slide.shapes.map(shapeSvg).join('')}</svg>`;
}

/** As an <img> source. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
