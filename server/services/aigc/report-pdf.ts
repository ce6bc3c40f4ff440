import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { AIGC_BANDS } from '../../engines/aigc';
import { reportTime } from '../check/report-labels';
import { type Column, table as drawTable } from '../check/report-pdf-table';
import { BAND_LABELS, limitsNote, methodLabel, percent, segmentsOf } from './report-labels';
import type { AigcSummary, ScoredParagraph } from './score';

// The AIGC report as a PDF, set in Noto Sans SC like the similarity report (embedded and subset by pdfkit,
// so it renders and its text can be extracted after `npm install` alone).

export interface AigcReportView {
  id: string;
  title: string;
  author: string;
  generatedAt: string;
  summary: AigcSummary;
  paragraphs: ScoredParagraph[];
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const cjkFonts = () =>
  (fonts ??= { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) });

const COLORS = { text: '#303133', muted: '#909399', accent: '#1f5fbf', machine: '#c0392b' };
const BAND_COLORS = { high: '#c0392b', medium: '#e07b00', low: '#b8860b', none: '#1a7f37' } as const;
const MARGIN = 50;

type Doc = PDFKit.PDFDocument;

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const table = (doc: Doc, columns: Column[], rows: string[][]) => drawTable(doc, MARGIN, columns, rows);

function heading(doc: Doc, text: string): void {
  if (doc.y > bottom(doc) - 60) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(COLORS.accent).text(text, MARGIN).moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(COLORS.text);
}

function cover(doc: Doc, report: AigcReportView): void {
  doc.font('bold').fontSize(20).fillColor(COLORS.text).text('AIGC 检测报告单', { align: 'center' });
  doc.moveDown(0.2).font('regular').fontSize(9).fillColor(COLORS.muted).text('墨研 AIGC 检测 · 逐句估计机器生成概率', { align: 'center' });
  doc.moveDown(1).fontSize(11).fillColor(COLORS.text);
  doc.font('bold').text('篇名：', { continued: true }).font('regular').text(report.title);
  doc.font('bold').text('作者：', { continued: true }).font('regular').text(report.author || '未填写');
  doc.font('bold').text('检测时间：', { continued: true }).font('regular').text(reportTime(report.generatedAt));
  doc.font('bold').text('报告编号：', { continued: true }).font('regular').text(report.id);
}

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

function pageNumbers(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(COLORS.muted).text(`第 ${i + 1} 页 / 共 ${count} 页`, MARGIN, doc.page.height - 30, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/** The report as a PDF: figures and band, the note on limits, each paragraph's result, the text with marked sentences and reasons. */
export function renderAigcReportPdf(report: AigcReportView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${report.title} AIGC检测报告`, Author: report.author, Creator: '墨研', Producer: '墨研' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = cjkFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  cover(doc, report);
  figures(doc, report);
  limits(doc, report);
  paragraphTable(doc, report);
  markedText(doc, report);
  pageNumbers(doc);
  doc.end();
  return done;
}
