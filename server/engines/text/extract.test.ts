import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { DocumentError } from './errors';
import { extractText } from './extract';
import { buildDocx, buildImageOnlyPdf, buildPdf, buildZipBomb, forgeDeclaredSizes } from './fixtures/build';

const PARAGRAPHS = [
  '基于字符指纹的中文文本相似度检测研究',
  '随着学术论文数量的快速增长，人工审阅已经难以满足学术诚信审查的需要。本文提出一种基于字符指纹的检测方法。',
  '实验结果表明，该方法能够在大规模比对库中快速找出复制的片段。',
];

async function failure(input: Promise<unknown>): Promise<DocumentError> {
  const error = await input.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('extractText from .docx', () => {
  it('returns the Word paragraphs as lines', async () => {
    const result = await extractText(await buildDocx(PARAGRAPHS));
    expect(result.format).toBe('docx');
    expect(result.text).toBe(PARAGRAPHS.join('\n'));
    expect(result.charCount).toBeGreaterThan(80);
  });

  it('rejects a corrupt .docx with a Chinese message', async () => {
    const docx = await buildDocx(PARAGRAPHS);
    const broken = Buffer.concat([docx.subarray(0, 200), Buffer.alloc(300, 7)]);
    const error = await failure(extractText(broken));
    expect(error.code).toBe('CORRUPT_DOCX');
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/Word 文档已损坏/);
  });

  it('rejects a zip bomb by its compression ratio before inflating it', async () => {
    const error = await failure(extractText(await buildZipBomb(12 * 1024 * 1024)));
    expect(error.code).toBe('DOCX_TOO_LARGE');
    expect(error.message).toMatch(/压缩炸弹/);
  });

  it('rejects an archive whose declared sizes are implausibly large', async () => {
    const forged = forgeDeclaredSizes(await buildDocx(PARAGRAPHS), 0xfffffff0);
    expect((await failure(extractText(forged))).code).toBe('DOCX_TOO_LARGE');
  });

  it('rejects an archive whose parts inflate beyond their declared sizes', async () => {
    const forged = forgeDeclaredSizes(await buildDocx(PARAGRAPHS), 10);
    expect((await failure(extractText(forged))).code).toBe('CORRUPT_DOCX');
  });

  it('says so when a zip is not a Word document', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await new JSZip().file('xl/workbook.xml', '<workbook/>').generateAsync({ type: 'nodebuffer' });
    const error = await failure(extractText(zip));
    expect(error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(error.message).toMatch(/不是 Word 文档/);
  });
});

describe('extractText from .pdf', () => {
  it('reads the Chinese text layer and joins wrapped lines back into paragraphs', async () => {
    const long = PARAGRAPHS[1].repeat(3);
    const result = await extractText(await buildPdf([PARAGRAPHS[0], long, PARAGRAPHS[2]]));
    expect(result.format).toBe('pdf');
    expect(result.text.split('\n')).toEqual([PARAGRAPHS[0], long, PARAGRAPHS[2]]);
  });

  it('rejects a PDF without a text layer as a scan', async () => {
    const error = await failure(extractText(await buildImageOnlyPdf(2)));
    expect(error.code).toBe('SCANNED_PDF');
    expect(error.message).toMatch(/扫描版/);
  });

  it('rejects a damaged PDF', async () => {
    const pdf = await buildPdf(PARAGRAPHS);
    const error = await failure(extractText(Buffer.concat([pdf.subarray(0, 400), Buffer.alloc(200, 0x20)])));
    expect(error.code).toBe('CORRUPT_PDF');
  });
});

describe('extractText from .txt', () => {
  const text = '第一段，中文。\n第二段：English words.';

  it('reads UTF-8 as is, without touching line breaks', async () => {
    const crlf = text.replace('\n', '\r\n');
    expect((await extractText(Buffer.from(crlf, 'utf8'))).text).toBe(crlf);
  });

  it('keeps a UTF-8 BOM as U+FEFF, as UTF-8 readers return the content, without counting it', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const result = await extractText(bom);
    expect(result.text).toBe(bom.toString('utf8'));
    expect(result.text).toBe(`\ufeff${text}`);
    expect(result.charCount).toBe((await extractText(Buffer.from(text))).charCount);
  });

  it('reads UTF-16 with either byte order', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((await extractText(le)).text).toBe(text);
    const be = Buffer.from(le);
    be.swap16();
    expect((await extractText(be)).text).toBe(text);
  });

  it('reads GB18030 / GBK encoded Chinese', async () => {
    // 中文测试 in GBK
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xb2, 0xe2, 0xca, 0xd4]);
    expect(isUtf8(gbk)).toBe(false);
    expect((await extractText(gbk)).text).toBe('中文测试');
  });
});

describe('extractText refuses what a check cannot run on', () => {
  it('rejects empty text', async () => {
    const error = await failure(extractText(Buffer.from(' \n\u3000\r\n', 'utf8')));
    expect(error.code).toBe('EMPTY_TEXT');
    expect(error.message).toBe('论文内容为空，请上传包含正文的文件或粘贴论文文字');
    expect(error.status).toBe(400);
  });

  it('rejects text over 300 000 counted characters', async () => {
    const error = await failure(extractText(Buffer.from('字'.repeat(300_001))));
    expect(error.code).toBe('TEXT_TOO_LONG');
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/300001 字.*300000 字/);
  });

  it('accepts exactly 300 000 counted characters', async () => {
    expect((await extractText(Buffer.from('字'.repeat(300_000)))).charCount).toBe(300_000);
  });

  it('recognises a renamed binary by its content, whatever its name', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const error = await failure(extractText(png));
    expect(error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/修改了扩展名/);
  });

  it('rejects an old binary Word (.doc) file with advice to save as .docx', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect((await failure(extractText(ole))).message).toMatch(/另存为 \.docx/);
  });

  it('rejects binary data without a known signature', async () => {
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37) % 256));
    expect((await failure(extractText(noise))).code).toBe('UNSUPPORTED_FILE_TYPE');
  });
});
