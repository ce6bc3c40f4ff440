import { constants, createInflate } from 'node:zlib';
import { DocumentError } from './errors';

/**
 * What the compressed streams of a PDF may inflate to, in total, before pdf.js sees the file. Image
 * streams are not counted: text extraction never decodes them.
 */
export const PDF_LIMITS = { maxInflatedBytes: 200 * 1024 * 1024 };

const bomb = () =>
  new DocumentError('PDF_TOO_LARGE', 'PDF 文件解压后体积异常（疑似压缩炸弹），已拒绝处理，请检查文件后重新上传');

/** How far before the `stream` keyword its dictionary may start. */
const DICT_LOOKBACK = 64 * 1024;
// Large output chunks: counting a bomb's 200 MB in 16 KB chunks takes four times as long.
const INFLATE_CHUNK = 256 * 1024;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

interface RawStream {
  dict: string;
  data: Buffer;
}

/** Every `<< … >> stream … endstream` of the file, found by scanning (no xref table is trusted). */
function* rawStreams(buf: Buffer): Generator<RawStream> {
  let from = 0;
  for (;;) {
    const at = buf.indexOf('stream', from, 'latin1');
    if (at < 0) return;
    from = at + 6;
    if (buf.toString('latin1', Math.max(0, at - 3), at) === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at + 6) continue;
    const dictStart = buf.lastIndexOf('obj', at, 'latin1');
    if (dictStart < 0 || at - dictStart > DICT_LOOKBACK) continue;
    const dict = buf.toString('latin1', dictStart + 3, at);
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < 0 || end > buf.length || !buf.toString('latin1', end, end + 16).includes('endstream')) {
      end = buf.indexOf('endstream', start, 'latin1');
      if (end < 0) end = buf.length;
    }
    from = end;
    yield { dict, data: buf.subarray(start, end) };
  }
}

function isZlib(data: Buffer): boolean {
  return data.length > 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0;
}

function asciiHex(data: Buffer): Buffer {
  const end = data.indexOf('>');
  const hex = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil((data.length * 4) / 5) + 4);
  let length = 0;
  let group = 0;
  let count = 0;
  let i = data[0] === 0x3c && data[1] === 0x7e ? 2 : 0;
  const flush = (bytes: number) => {
    for (let b = 0; b < bytes; b++) out[length++] = (group >>> (24 - 8 * b)) & 0xff;
  };
  for (; i < data.length && data[i] !== 0x7e; i++) {
    const c = data[i];
    if (WHITESPACE.has(c)) continue;
    if (c === 0x7a && count === 0) {
      group = 0;
      flush(4);
      continue;
    }
    group = group * 85 + (c - 33);
    if (++count === 5) {
      flush(4);
      group = 0;
      count = 0;
    }
  }
  if (count > 0) {
    for (let pad = count; pad < 5; pad++) group = group * 85 + 84;
    flush(count - 1);
  }
  return out.subarray(0, length);
}

/** The zlib data pdf.js would inflate, or null when the filters are not Flate (or cannot be seen here). */
function flateData({ dict, data }: RawStream): Buffer | null {
  if (/\/Subtype\s*\/Image\b/.test(dict)) return null;
  const filter = /\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]*\])/.exec(dict);
  if (!filter) return /\/Filter\s+\d+\s+\d+\s+R/.test(dict) && isZlib(data) ? data : null;
  const names = [...filter[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]);
  const flate = names.findIndex((name) => name === 'FlateDecode' || name === 'Fl');
  if (flate < 0) return null;
  let decoded = data;
  for (const name of names.slice(0, flate)) {
    if (name === 'ASCIIHexDecode' || name === 'AHx') decoded = asciiHex(decoded);
    else if (name === 'ASCII85Decode' || name === 'A85') decoded = ascii85(decoded);
    else return null;
  }
  return decoded;
}

/** Bytes the zlib data inflates to, counted while inflating and never beyond `limit` + one chunk. */
async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: INFLATE_CHUNK });
  inflate.end(data);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) break;
    }
  } catch {
    // Not valid zlib data: pdf.js cannot inflate it either.
  }
  return total;
}

/**
 * Refuses a PDF whose compressed content would inflate past PDF_LIMITS.maxInflatedBytes: every Flate
 * stream (also behind ASCIIHex/ASCII85) is inflated once with a running total and no output kept.
 * Streams whose filters sit in other objects or behind encryption are left to the worker's memory
 * and time limits.
 */
export async function assertPdfInflation(buf: Buffer, limit = PDF_LIMITS.maxInflatedBytes): Promise<void> {
  let total = 0;
  for (const stream of rawStreams(buf)) {
    const data = flateData(stream);
    if (!data) continue;
    total += await inflatedSize(data, limit - total);
    if (total > limit) throw bomb();
  }
}
