import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PageNumberEstimator } from 'docx';
import { estimatePageNumbersWith } from 'docx/layout';

// The page numbers written into the table of contents, laid out as Word lays the pages out. 宋体 and 黑体 are
// not in docx's width tables: they are measured with Noto Sans SC (already a dependency, for the PDF
// reports), whose Han characters are as wide (one em). Its lines are a little taller than SimSun's, so on a
// machine with SimSun a number can be off by a page; Word updates the field when it opens the file.

const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

let estimator: PageNumberEstimator | undefined;

export function thesisPageNumbers(): PageNumberEstimator {
  if (!estimator) {
    const regular = readFileSync(require.resolve(FILES.regular));
    const bold = readFileSync(require.resolve(FILES.bold));
    const fonts = ['宋体', '黑体'].flatMap((name) => [
      { data: regular, name },
      { data: bold, name },
    ]);
    estimator = estimatePageNumbersWith({ fonts, guess: true });
  }
  return estimator;
}
