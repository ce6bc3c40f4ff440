import { countChars } from '@common/char-count';
import { DocumentError } from './errors';
import { assertPdfInflation } from './pdf-streams';

const PAGE_NUMBER = /^(第?\s*[-—–]?\s*\d{1,4}\s*[-—–]?\s*页?|[ivxlcIVXLC]{1,6}|\d+\s*\/\s*\d+)$/;
const LATIN_END = /[A-Za-z0-9,]$/;
const LATIN_START = /^[A-Za-z0-9(]/;
const PARAGRAPH_END = /[。！？：:；”」』…]$/;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Joins lines wrapped by the page layout back into paragraphs; short lines end a paragraph. */
function rebuildParagraphs(pages: string[]): string {
  const lines = pages.flatMap((page) =>
    page
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line && !PAGE_NUMBER.test(line)),
  );
  const full = percentile(
    lines.map((l) => [...l].length),
    0.8,
  );
  const paragraphs: string[] = [];
  let current = '';
  for (const line of lines) {
    if (!current) current = line;
    else current += LATIN_END.test(current) && LATIN_START.test(line) ? ` ${line}` : line;
    const length = [...line].length;
    if (length < full * 0.85 || (PARAGRAPH_END.test(line) && length < full)) {
      paragraphs.push(current);
      current = '';
    }
  }
  if (current) paragraphs.push(current);
  return paragraphs.join('\n');
}

export async function extractPdf(buf: Buffer): Promise<string> {
  await assertPdfInflation(buf);
  // pdf.js is large: loaded on the first PDF, not by every process that can read documents.
  const { PasswordException, PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    const text = rebuildParagraphs(result.pages.map((p) => p.text));
    if (countChars(text) < Math.max(20, 10 * result.total)) {
      throw new DocumentError(
        'SCANNED_PDF',
        '未能从 PDF 中提取到文字，可能是扫描版或图片型 PDF，请上传 Word 文档或可复制文字的 PDF',
      );
    }
    return text;
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    if (error instanceof PasswordException) {
      throw new DocumentError('ENCRYPTED_PDF', 'PDF 文件已加密，请解除密码保护后重新上传');
    }
    throw new DocumentError('CORRUPT_PDF', 'PDF 文件已损坏或格式不正确，无法读取');
  } finally {
    await parser.destroy();
  }
}
