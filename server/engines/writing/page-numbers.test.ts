import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withSimSunHeight } from './page-numbers';

const font = readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));

/** Where a table starts in the font, and its bytes. */
function table(buf: Buffer, tag: string): number {
  return entry(buf, tag).offset;
}
function entry(buf: Buffer, tag: string) {
  for (let i = 0; i < buf.readUInt16BE(4); i++) {
    if (buf.toString('latin1', 12 + i * 16, 16 + i * 16) !== tag) continue;
    const offset = buf.readUInt32BE(20 + i * 16);
    return { offset, bytes: buf.subarray(offset, offset + buf.readUInt32BE(24 + i * 16)) };
  }
  throw new Error(`no ${tag}`);
}

describe('the font 宋体 and 黑体 are measured with', () => {
  it('is Noto Sans SC with SimSun’s height: ascent 0.859 em, descent 0.141 em, no line gap, in hhea and OS/2', () => {
    const patched = withSimSunHeight(font);
    const em = patched.readUInt16BE(table(patched, 'head') + 18);
    const hhea = table(patched, 'hhea');
    const os2 = table(patched, 'OS/2');
    expect([patched.readInt16BE(hhea + 4), patched.readInt16BE(hhea + 6), patched.readInt16BE(hhea + 8)]).toEqual([Math.round(em * 0.859), -Math.round(em * 0.141), 0]);
    expect([patched.readUInt16BE(os2 + 74), patched.readUInt16BE(os2 + 76)]).toEqual([Math.round(em * 0.859), Math.round(em * 0.141)]);
    // Noto's own height was taller: that is what made every estimated line a quarter too tall.
    expect(font.readInt16BE(hhea + 4) - font.readInt16BE(hhea + 6)).toBeGreaterThan(1.4 * em);
    // Nothing else changes: the widths are Noto's.
    expect(patched.length).toBe(font.length);
    for (const tag of ['hmtx', 'cmap', 'glyf']) expect(entry(patched, tag).bytes.equals(entry(font, tag).bytes), tag).toBe(true);
  });
});
