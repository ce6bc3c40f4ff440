import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { reportTime } from './check-labels';
import { type Column, table as drawTable } from './pdf-table';

// What every PDF report shares (查重 and AIGC检测): A4 with one margin, Noto Sans SC from an npm package, so
// Chinese renders (and stays extractable) after `npm install` alone (pdfkit embeds only the glyphs a report
// uses), section headings, the cover's fields and page numbers.

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const COLORS = { text: '#303133', muted: '#909399', accent: '#1f5fbf' };

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const cjkFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve(FONT_FILES.regular)),
    bold: readFileSync(require.resolve(FONT_FILES.bold)),
  });

export const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

export const table = (doc: Doc, columns: Column[], rows: string[][]) => drawTable(doc, MARGIN, columns, rows);

export function heading(doc: Doc, text: string): void {
  if (doc.y > bottom(doc) - 60) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(COLORS.accent).text(text, MARGIN).moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(COLORS.text);
}

/** The report sheet's head: its name, a line under it, then 篇名, 作者, 检测时间 and 报告编号. */
export function cover(
  doc: Doc,
  sheet: { name: string; tagline: string },
  report: { id: string; title: string; author: string; generatedAt: string },
): void {
  doc.font('bold').fontSize(20).fillColor(COLORS.text).text(sheet.name, { align: 'center' });
  doc.moveDown(0.2).font('regular').fontSize(9).fillColor(COLORS.muted).text(sheet.tagline, { align: 'center' });
  doc.moveDown(1).fontSize(11).fillColor(COLORS.text);
  doc.font('bold').text('篇名：', { continued: true }).font('regular').text(report.title);
  doc.font('bold').text('作者：', { continued: true }).font('regular').text(report.author || '未填写');
  doc.font('bold').text('检测时间：', { continued: true }).font('regular').text(reportTime(report.generatedAt));
  doc.font('bold').text('报告编号：', { continued: true }).font('regular').text(report.id);
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

/** A report as a PDF: the fonts registered, `draw` writes the pages, then every page is numbered. */
export function renderPdf(info: { title: string; author: string }, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Creator: '墨研', Producer: '墨研' },
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
  draw(doc);
  pageNumbers(doc);
  doc.end();
  return done;
}
