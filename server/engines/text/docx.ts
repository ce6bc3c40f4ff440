import yauzl from 'yauzl';
import { DocumentError } from './errors';
import { tooLongAtLeast } from './validate';
import { WordTextCollector } from './word-xml';

/**
 * Limits on the zip's central directory (checked before anything is inflated) and on word/document.xml
 * as it inflates: the bytes are capped while streaming and the XML is parsed as it arrives, so a bomb
 * costs at most maxDocumentBytes of parsing, never that much memory.
 */
export const DOCX_LIMITS = {
  maxEntries: 5000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryRatio: 100,
  ratioCheckFrom: 1024 * 1024,
  maxDocumentBytes: 100 * 1024 * 1024,
};

/** Extraction stops once the text is this much over the character limit: it is refused either way. */
const STOP_MARGIN = 1.1;

const DOCUMENT_PART = 'word/document.xml';

const corrupt = () => new DocumentError('CORRUPT_DOCX', 'Word 文档已损坏或格式不正确，无法读取，请用 Word 重新保存为 .docx 后上传');
const bomb = () =>
  new DocumentError('DOCX_TOO_LARGE', 'Word 文档解压后体积异常（疑似压缩炸弹），已拒绝处理，请检查文件后重新上传');

/** The document part, after the central directory passed the size, ratio and entry-count checks. */
async function documentEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry> {
  if (zip.entryCount > DOCX_LIMITS.maxEntries) throw bomb();
  let total = 0;
  let document: yauzl.Entry | undefined;
  for await (const entry of zip.eachEntry()) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (total > DOCX_LIMITS.maxTotalBytes) throw bomb();
    if (entry.uncompressedSize > DOCX_LIMITS.ratioCheckFrom && ratio > DOCX_LIMITS.maxEntryRatio) throw bomb();
    if (entry.fileName === DOCUMENT_PART) document = entry;
  }
  if (!document) {
    throw new DocumentError('UNSUPPORTED_FILE_TYPE', '该压缩文件不是 Word 文档（.docx），请上传 .docx、.pdf 或 .txt 文件');
  }
  if (document.uncompressedSize > DOCX_LIMITS.maxDocumentBytes) throw bomb();
  return document;
}

/**
 * word/document.xml of a .docx, handed to `consume` chunk by chunk as it inflates, once the zip's central
 * directory passed the size, ratio and entry-count checks. yauzl fails as soon as the part grows past its
 * declared size, and the running byte count stops it at maxDocumentBytes.
 */
export async function streamDocumentPart(buf: Buffer, consume: (chunk: Buffer) => void): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw corrupt();
  }
  try {
    const stream = await zip.openReadStreamPromise(await documentEntry(zip));
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > DOCX_LIMITS.maxDocumentBytes) throw bomb();
        consume(chunk);
      }
    } finally {
      stream.destroy();
    }
  } catch (error) {
    throw error instanceof DocumentError ? error : corrupt();
  } finally {
    zip.close();
  }
}

/**
 * The text of a .docx, one line per Word paragraph, parsed while word/document.xml inflates; reading stops
 * with TEXT_TOO_LONG once the text is clearly over `maxChars`.
 */
export async function extractDocx(buf: Buffer, maxChars: number): Promise<string> {
  const stopAt = Math.ceil(maxChars * STOP_MARGIN);
  const collector = new WordTextCollector();
  await streamDocumentPart(buf, (chunk) => {
    collector.write(chunk);
    if (collector.chars > stopAt) throw tooLongAtLeast(collector.chars, maxChars);
  });
  try {
    return collector.finish();
  } catch {
    throw corrupt();
  }
}
