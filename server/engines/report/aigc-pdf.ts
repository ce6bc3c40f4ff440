import { AIGC_BANDS } from '../aigc';
import { bottom, COLORS as REPORT_COLORS, cover, type Doc, heading, MARGIN, renderPdf, table } from './pdf-document';
import { BAND_LABELS, limitsNote, methodLabel, percent, segmentsOf } from './aigc-labels';
import type { AigcSummary, ScoredParagraph } from '../aigc/scored';

// The AIGC report as a PDF, set like the similarity report (pdf-document.ts).

export interface AigcReportView {
  id: string;
  title: string;
  author: string;
  generatedAt: string;
  summary: AigcSummary;
  paragraphs: ScoredParagraph[];
}

const COLORS = { ...REPORT_COLORS, machine: '#c0392b' };
const BAND_COLORS = { high: '#c0392b', medium: '#e07b00', low: '#b8860b', none: '#1a7f37' } as const;

function figures(doc: Doc, report: AigcReportView): void {
  const { summary, paragraphs } = report;
  heading(doc, '检测结果');
  doc.font('bold').fontSize(16).fillColor(BAND_COLORS[summary.band]);
  doc.text(`AI字符占比 ${percent(summary.aiCharRatio)} · ${BAND_LABELS[summary.band]}`, MARGIN).moveDown(0.4);
  const flagged = paragraphs.filter((p) => p.band === 'high' || p.band === 'medium').length;
  table(
    doc,
    [
      { title: '指标', width: 180 },
      { title: '结果', width: 315 },
    ],
    [
      ['AI字符占比', `${percent(summary.aiCharRatio)}（${summary.aiChars} / ${summary.chars} 字）`],
      ['分档', BAND_LABELS[summary.band]],
      ['全文机器生成概率', percent(summary.score)],
      ['可疑段落（高度、中度疑似）', `${flagged} / ${paragraphs.length}`],
      ['检测方式', methodLabel(summary)],
      ['检测器', `${summary.detector.name} ${summary.detector.version}`],
    ],
  );
  doc.moveDown(0.4).fontSize(8).fillColor(COLORS.muted);
  doc.text(`分档（按 AI 字符占比）：${AIGC_BANDS.map((b) => `${b.label} ≥ ${percent(b.min)}`).join('；')}。`, MARGIN);
}

function paragraphTable(doc: Doc, report: AigcReportView): void {
  heading(doc, '逐段结果');
  table(
    doc,
    [
      { title: '段落', width: 40, align: 'center' },
      { title: '章节', width: 175 },
      { title: '字数', width: 55, align: 'right' },
      { title: 'AI 字数', width: 55, align: 'right' },
      { title: '机器生成概率', width: 80, align: 'right' },
      { title: '分档', width: 90 },
    ],
    report.paragraphs.map((p) => [
      String(p.index + 1),
      p.section ?? '—',
      String(p.charCount),
      String(p.aiCharCount),
      percent(p.probability),
      p.tooShort ? '太短，不作判定' : BAND_LABELS[p.band],
    ]),
  );
}

function markedText(doc: Doc, report: AigcReportView): void {
  heading(doc, '原文标注');
  doc.fontSize(8).fillColor(COLORS.machine).text('红色', MARGIN, undefined, { continued: true });
  doc.fillColor(COLORS.muted).text('：判定为机器生成的句子（概率不低于判定阈值），其后列出判定依据。');
  for (const p of report.paragraphs) {
    if (doc.y > bottom(doc) - 40) doc.addPage();
    const caption = `第 ${p.index + 1} 段 · 机器生成概率 ${percent(p.probability)} · ${p.tooShort ? '太短，不作判定' : BAND_LABELS[p.band]}`;
    doc.moveDown(0.5).font('regular').fontSize(8).fillColor(COLORS.muted).text(caption, MARGIN);
    doc.fontSize(10.5);
    const segments = segmentsOf(p.text, p.sentences);
    segments.forEach((s, i) => {
      doc.fillColor(s.sentence?.machine ? COLORS.machine : COLORS.text).text(s.text, { continued: i < segments.length - 1, lineGap: 2 });
    });
    let n = 0;
    for (const s of p.sentences) {
      if (!s.machine) continue;
      n += 1;
      const reasons = s.reasons.length ? s.reasons.join('；') : '整体特征接近机器生成文本';
      doc.fontSize(8).fillColor(COLORS.muted).text(`标注 ${n}（概率 ${percent(s.probability)}）：${reasons}`, MARGIN + 12);
    }
  }
}

function limits(doc: Doc, report: AigcReportView): void {
  heading(doc, '检测的局限');
  doc.fontSize(9).fillColor(COLORS.text);
  for (const line of limitsNote(report.summary)) doc.text(`· ${line}`, MARGIN).moveDown(0.2);
}

/** The report as a PDF: figures and band, the note on limits, each paragraph's result, the text with marked sentences and reasons. */
export function renderAigcReportPdf(report: AigcReportView): Promise<Buffer> {
  return renderPdf({ title: `${report.title} AIGC检测报告`, author: report.author }, (doc) => {
    cover(doc, { name: 'AIGC 检测报告单', tagline: '墨研 AIGC 检测 · 逐句估计机器生成概率' }, report);
    figures(doc, report);
    limits(doc, report);
    paragraphTable(doc, report);
    markedText(doc, report);
  });
}
