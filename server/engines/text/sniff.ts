export type FileKind = 'pdf' | 'zip' | 'ole' | 'binary' | 'text';

const SIGNATURES: [FileKind, number[]][] = [
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['zip', [0x50, 0x4b, 0x05, 0x06]],
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['binary', [0x89, 0x50, 0x4e, 0x47]],
  ['binary', [0xff, 0xd8, 0xff]],
  ['binary', [0x47, 0x49, 0x46, 0x38]],
  ['binary', [0x52, 0x61, 0x72, 0x21]],
  ['binary', [0x37, 0x7a, 0xbc, 0xaf]],
  ['binary', [0x1f, 0x8b]],
  ['binary', [0x4d, 0x5a]],
  ['binary', [0x7f, 0x45, 0x4c, 0x46]],
  ['binary', [0x52, 0x49, 0x46, 0x46]],
  ['binary', [0x49, 0x44, 0x33]],
  ['binary', [0x25, 0x21, 0x50, 0x53]],
];

function startsWith(buf: Uint8Array, sig: number[]): boolean {
  return buf.length >= sig.length && sig.every((b, i) => buf[i] === b);
}

function hasBom(buf: Uint8Array): boolean {
  return (
    startsWith(buf, [0xef, 0xbb, 0xbf]) || startsWith(buf, [0xff, 0xfe]) || startsWith(buf, [0xfe, 0xff])
  );
}

/** Content type from magic bytes; the file name's extension is never trusted. */
export function sniffFile(buf: Uint8Array): FileKind {
  const head = buf.subarray(0, 1024);
  if (Buffer.from(head).includes('%PDF-')) return 'pdf';
  for (const [kind, sig] of SIGNATURES) if (startsWith(buf, sig)) return kind;
  if (hasBom(buf)) return 'text';
  const sample = buf.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return 'binary';
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  return control > sample.length / 100 ? 'binary' : 'text';
}
