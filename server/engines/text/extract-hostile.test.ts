import { describe, expect, it } from 'vitest';
import { DocumentError } from './errors';
import { extractText } from './extract';
import { buildDocxBomb, buildPdfBomb, deflatedSpaces, pdfWithContent } from './fixtures/hostile';
import { PDF_LIMITS } from './pdf-streams';

// Hostile files are refused while they inflate, at a bounded cost: the limits hold whatever the file says.

async function refusal(buf: Buffer): Promise<DocumentError> {
  const error = await extractText(buf).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('a PDF whose streams inflate to a gigabyte', () => {
  it('is refused as PDF_TOO_LARGE (413) before pdf.js sees it', async () => {
    const bomb = await buildPdfBomb();
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const error = await refusal(bomb);
    expect(error).toMatchObject({ code: 'PDF_TOO_LARGE', status: 413 });
    expect(error.message).toMatch(/压缩炸弹/);
  });

  it.each(['ASCIIHexDecode', 'ASCII85Decode'] as const)('is refused behind %s as well', async (wrap) => {
    expect((await refusal(await buildPdfBomb(1024 * 1024 * 1024, wrap))).code).toBe('PDF_TOO_LARGE');
  });

  it('is refused when its filter is named in another object', async () => {
    const bomb = pdfWithContent(await deflatedSpaces(PDF_LIMITS.maxInflatedBytes + 64 * 1024 * 1024), '9 0 R');
    expect((await refusal(bomb)).code).toBe('PDF_TOO_LARGE');
  });

  it('passes the scan when its streams stay under the limit (then fails as a PDF without text)', async () => {
    const small = pdfWithContent(await deflatedSpaces(8 * 1024 * 1024));
    expect((await refusal(small)).code).toBe('SCANNED_PDF');
  });
});

describe('a .docx whose document.xml is huge', () => {
  it('is refused as DOCX_TOO_LARGE at 190 MB and 90:1 (under the per-part ratio limit), before inflating', async () => {
    const bomb = await buildDocxBomb();
    const ratio = (190 * 1024 * 1024) / bomb.length;
    expect(ratio).toBeGreaterThan(80);
    expect(ratio).toBeLessThan(100);
    expect(await refusal(bomb)).toMatchObject({ code: 'DOCX_TOO_LARGE', status: 413 });
  });

  it('stops reading a long text soon after the character limit, as TEXT_TOO_LONG (413)', async () => {
    const long = await buildDocxBomb(60 * 1024 * 1024);
    const error = await refusal(long);
    expect(error).toMatchObject({ code: 'TEXT_TOO_LONG', status: 413, details: { maxChars: 300_000, atLeast: true } });
    // About 19 million characters in the file; reading stopped after a tenth over the limit.
    expect(error.details?.chars).toBeGreaterThan(330_000);
    expect(error.details?.chars).toBeLessThan(340_000);
    expect(error.message).toMatch(/^论文至少 \d+ 字，超过单次检测 300000 字的上限/);
  });
});
