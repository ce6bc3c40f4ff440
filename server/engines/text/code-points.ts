/** Offsets in this engine are Unicode code points, so astral characters (CJK Extension B, emoji) count once. */
export function toCodePoints(text: string): Uint32Array {
  const out = new Uint32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return n === out.length ? out : out.slice(0, n);
}

export function fromCodePoints(codes: ArrayLike<number>, start = 0, end = codes.length): string {
  let out = '';
  const chunk = 8192;
  for (let i = start; i < end; i += chunk) {
    out += String.fromCodePoint(...Array.prototype.slice.call(codes, i, Math.min(end, i + chunk)));
  }
  return out;
}

export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
