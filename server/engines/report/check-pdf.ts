import type { CheckReportView } from './check-view';
import {
  figureRows,
  type Mark,
  MARK_LEGEND,
  ORIGIN_LABELS,
  paragraphCaption,
  percent,
  scopeRows,
  SECTION_LABELS,
  segmentsOf,
  sourceDetails,
  sourceLabels,
} from './check-labels';
import { bottom, COLORS, cover, type Doc, heading, MARGIN, renderPdf, table } from './pdf-document';

const MARK_COLORS: Record<Mark, string> = { red: '#d81e06', orange: '#e07b00', cited: '#1a7f37', none: COLORS.text };

function figures(doc: Doc, report: CheckReportView): void {
  heading(doc, '检测结果');
  const rows = figureRows(report.figures);
  const half = Math.ceil(rows.length / 2);
  table(
    doc,
    [
      { title: '指标', width: 140 },
      { title: '结果', width: 107, align: 'right' },
      { title: '指标', width: 140 },
      { title: '结果', width: 108, align: 'right' },
    ],
    rows.slice(0, half).map(([label, value], i) => [label, value, ...(rows[half + i] ?? ['', ''])]),
  );
  if (report.figures.referencesExcluded) {
    doc.moveDown(0.3).fontSize(8).fillColor(COLORS.muted).text('注：参考文献、目录、封面与声明不计入复制比。', MARGIN);
  }
}

function scope(doc: Doc, report: CheckReportView): void {
  heading(doc, '检测范围');
  table(
    doc,
    [
      { title: '比对库', width: 300 },
      { title: '规模（检测时）', width: 195 },
    ],
    scopeRows(report.scope),
  );
}

function sections(doc: Doc, report: CheckReportView): void {
  heading(doc, '各部分检测结果');
  table(
    doc,
    [
      { title: '部分', width: 60 },
      { title: '标题', width: 195 },
      { title: '字数', width: 60, align: 'right' },
      { title: '重复字数', width: 60, align: 'right' },
      { title: '复制比', width: 60, align: 'right' },
      { title: '说明', width: 60 },
    ],
    report.sections.map((s) => [
      SECTION_LABELS[s.kind],
      s.heading || '—',
      String(s.charCount),
      String(s.matchedChars),
      percent(s.ratio),
      s.excluded ? '不计入' : '',
    ]),
  );
}

function sources(doc: Doc, report: CheckReportView): void {
  heading(doc, '相似文献列表');
  if (report.sources.length === 0) {
    doc.text('未发现相似文献。', MARGIN);
    return;
  }
  table(
    doc,
    [
      { title: '序号', width: 35, align: 'center' },
      { title: '来源', width: 250 },
      { title: '类型', width: 90 },
      { title: '重复字数', width: 60, align: 'right' },
      { title: '占比', width: 60, align: 'right' },
    ],
    report.sources.map((s, i) => {
      const details = sourceDetails(s);
      return [String(i + 1), details ? `${s.title}\n${details}` : s.title, ORIGIN_LABELS[s.origin], String(s.matchedChars), percent(s.ratio)];
    }),
  );
}

function paragraphs(doc: Doc, report: CheckReportView): void {
  heading(doc, '原文对照');
  doc.fontSize(8);
  // One line, each piece placed by its measured width: continued text let pdfkit break a colour from its meaning.
  const y = doc.y;
  let x = MARGIN;
  MARK_LEGEND.forEach(([mark, colour, meaning], i) => {
    const rest = `：${meaning}${i < MARK_LEGEND.length - 1 ? '；' : ''}`;
    doc.fillColor(MARK_COLORS[mark]).text(colour, x, y, { lineBreak: false });
    x += doc.widthOfString(colour);
    doc.fillColor(COLORS.muted).text(rest, x, y, { lineBreak: false });
    x += doc.widthOfString(rest);
  });
  doc.x = MARGIN;
  doc.y = y + doc.currentLineHeight(true);
  const label = sourceLabels(report);
  for (const p of report.paragraphs) {
    if (doc.y > bottom(doc) - 40) doc.addPage();
    for (const line of p.headings) doc.moveDown(0.4).font('bold').fontSize(11).fillColor(COLORS.text).text(line, MARGIN);
    doc.moveDown(0.5).font('regular').fontSize(8).fillColor(COLORS.muted).text(paragraphCaption(p), MARGIN);
    doc.fontSize(10.5);
    const segments = segmentsOf(p);
    segments.forEach((s, i) => {
      doc.fillColor(MARK_COLORS[s.mark]).text(s.text, { continued: i < segments.length - 1, lineGap: 2 });
    });
    const seen = new Set<string>();
    for (const m of p.matches) {
      if (seen.has(m.sourceId)) continue;
      seen.add(m.sourceId);
      const excerpt = Array.from(m.sourceText);
      const text = `${excerpt.slice(0, 120).join('')}${excerpt.length > 120 ? '…' : ''}`;
      doc.fontSize(8).fillColor(COLORS.muted).text(`${label(m.sourceId)}：${text}`, MARGIN + 12);
    }
  }
}

/** The report as a PDF: report sheet, 检测范围, per-section table, sources, and the text with marked sentences. */
export function renderReportPdf(report: CheckReportView): Promise<Buffer> {
  return renderPdf({ title: `${report.title} 查重报告`, author: report.author }, (doc) => {
    cover(doc, { name: '文本复制检测报告单', tagline: '墨研论文查重 · 全文标明引文' }, report);
    figures(doc, report);
    scope(doc, report);
    sections(doc, report);
    sources(doc, report);
    paragraphs(doc, report);
  });
}
