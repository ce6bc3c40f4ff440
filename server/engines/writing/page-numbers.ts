import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PageNumberEstimator } from 'docx';
import { estimatePageNumbersWith } from 'docx/layout';

// The page numbers written into the table of contents, laid out as Word lays the pages out. 宋体 and 黑体 are
// not in docx's width tables: they are measured with Noto Sans SC (already a dependency, for the PDF
// reports), whose Han characters are as wide (one em), given SimSun's height (ascent 0.859 em, descent
// 0.141 em: shorter than Times New Roman's, which then sets each line's height, as in Word with SimSun).
// Noto's own height (1.448 em) would make every line a quarter taller than Word's. Word updates the field
// when it opens the file; a reader that does not (LibreOffice) shows these numbers.

const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

let estimator: PageNumberEstimator | undefined;

/** A copy of a TrueType font with SimSun's vertical metrics in its hhea and OS/2 tables. */
export function withSimSunHeight(font: Buffer): Buffer {
  const out = Buffer.from(font);
  const unitsPerEm = (table: number) => out.readUInt16BE(table + 18);
  const tables = new Map<string, number>();
  for (let i = 0, n = out.readUInt16BE(4); i < n; i++) tables.set(out.toString('latin1', 12 + i * 16, 16 + i * 16), out.readUInt32BE(20 + i * 16));
  const em = unitsPerEm(tables.get('head')!);
  const ascent = Math.round(em * 0.859);
  const descent = Math.round(em * 0.141);
  const hhea = tables.get('hhea')!;
  out.writeInt16BE(ascent, hhea + 4);
  out.writeInt16BE(-descent, hhea + 6);
  out.writeInt16BE(0, hhea + 8);
  const os2 = tables.get('OS/2')!;
  out.writeInt16BE(ascent, os2 + 68);
  out.writeInt16BE(-descent, os2 + 70);
  out.writeInt16BE(0, os2 + 72);
  out.writeUInt16BE(ascent, os2 + 74);
  out.writeUInt16BE(descent, os2 + 76);
  return out;
}

export function thesisPageNumbers(): PageNumberEstimator {
  if (!estimator) {
    const regular = withSimSunHeight(readFileSync(require.resolve(FILES.regular)));
    const bold = withSimSunHeight(readFileSync(require.resolve(FILES.bold)));
    const fonts = ['宋体', '黑体'].flatMap((name) => [
      { data: regular, name },
      { data: bold, name },
    ]);
    estimator = estimatePageNumbersWith({ fonts, guess: true });
  }
  return estimator;
}
