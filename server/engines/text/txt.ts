import { DocumentError } from './errors';

function decode(encoding: string, buf: Uint8Array, ignoreBOM = false): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM }).decode(buf);
  } catch {
    return null;
  }
}

/**
 * UTF-8 (with or without BOM), UTF-16 with a BOM, or GB18030/GBK Chinese text. A UTF-8 BOM stays in
 * the text (as U+FEFF, which counts 0 and is never matched), so offsets agree with the file's content
 * as Node's and Python's UTF-8 readers return it.
 */
export function decodeText(buf: Uint8Array): string {
  if (buf[0] === 0xff && buf[1] === 0xfe) return decode('utf-16le', buf) ?? fail();
  if (buf[0] === 0xfe && buf[1] === 0xff) return decode('utf-16be', buf) ?? fail();
  return decode('utf-8', buf, true) ?? decode('gb18030', buf) ?? fail();
}

function fail(): never {
  throw new DocumentError('UNDECODABLE_TEXT', '无法识别文本文件的编码，请以 UTF-8 编码保存后重新上传');
}
