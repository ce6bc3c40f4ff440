// A table for the PDF report: a shaded bold header row, repeated on every page the table runs onto.

type Doc = PDFKit.PDFDocument;

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export const TABLE_COLORS = { text: '#303133', line: '#dcdfe6', head: '#f2f3f5' };
const PAD = 4;

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Draws the rows from doc.y at `left`; fonts 'bold' and 'regular' must be registered. */
export function table(doc: Doc, left: number, columns: Column[], rows: string[][]): void {
  const rowFont = (header: boolean) => doc.font(header ? 'bold' : 'regular').fontSize(9);
  const drawRow = (cells: string[], header: boolean) => {
    rowFont(header);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i].width - 2 * PAD }))) + 2 * PAD;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      if (!header) drawRow(columns.map((c) => c.title), true);
      // The repeated header row leaves its bold font behind: this row is set in its own.
      rowFont(header);
    }
    const top = doc.y;
    if (header) doc.rect(left, top, columns.reduce((w, c) => w + c.width, 0), height).fill(TABLE_COLORS.head);
    let x = left;
    cells.forEach((cell, i) => {
      doc.fillColor(TABLE_COLORS.text).text(cell, x + PAD, top + PAD, { width: columns[i].width - 2 * PAD, align: columns[i].align });
      x += columns[i].width;
    });
    doc.moveTo(left, top + height).lineTo(x, top + height).strokeColor(TABLE_COLORS.line).lineWidth(0.5).stroke();
    doc.x = left;
    doc.y = top + height;
  };
  drawRow(columns.map((c) => c.title), true);
  for (const row of rows) drawRow(row, false);
  doc.font('regular').fontSize(10);
}
