import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mammoth from 'mammoth';
import yauzl from 'yauzl';
import { DocumentError } from './errors';

/** Limits checked on the zip's central directory before anything is inflated. */
export const DOCX_LIMITS = {
  maxEntries: 5000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryRatio: 100,
  ratioCheckFrom: 1024 * 1024,
};

const corrupt = () => new DocumentError('CORRUPT_DOCX', 'Word 文档已损坏或格式不正确，无法读取，请用 Word 重新保存为 .docx 后上传');
const bomb = () =>
  new DocumentError('DOCX_TOO_LARGE', 'Word 文档解压后体积异常（疑似压缩炸弹），已拒绝处理，请检查文件后重新上传');

async function countBytes(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const stream = await zip.openReadStreamPromise(entry);
  await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
}

/**
 * Reads the central directory and rejects archives whose declared sizes or compression ratios are
 * implausible, then inflates the XML parts through yauzl, which fails as soon as an entry grows past
 * its declared size, so mammoth never inflates more than was declared.
 */
export async function inspectDocx(buf: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw corrupt();
  }
  if (zip.entryCount > DOCX_LIMITS.maxEntries) throw bomb();
  const entries: yauzl.Entry[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (total > DOCX_LIMITS.maxTotalBytes) throw bomb();
      if (entry.uncompressedSize > DOCX_LIMITS.ratioCheckFrom && ratio > DOCX_LIMITS.maxEntryRatio) throw bomb();
      entries.push(entry);
    }
    if (!entries.some((e) => e.fileName === 'word/document.xml')) {
      throw new DocumentError('UNSUPPORTED_FILE_TYPE', '该压缩文件不是 Word 文档（.docx），请上传 .docx、.pdf 或 .txt 文件');
    }
    for (const entry of entries) if (/\.(xml|rels)$/i.test(entry.fileName)) await countBytes(zip, entry);
  } catch (error) {
    throw error instanceof DocumentError ? error : corrupt();
  } finally {
    zip.close();
  }
}

export async function extractDocx(buf: Buffer): Promise<string> {
  await inspectDocx(buf);
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: buf })).value;
  } catch {
    throw corrupt();
  }
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
