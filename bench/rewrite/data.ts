import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The CSL dev abstracts (../shared/data/csl, Apache-2.0; never copied into the repository): each abstract
// with its title (ts-dev.tsv) and its author keywords (kg-dev.tsv, where the text is the abstract and the
// title joined by a space), and the 8 000 titles of cls_ctg-train.tsv (human academic text the fluency
// model may learn from without having seen the abstracts it scores).

export interface Abstract {
  text: string;
  title: string;
  keywords: string[];
}

const rows = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((cols) => cols.length >= 3 && cols[1]);

/** null when the data is not there. */
export function loadAbstracts(dir: string): Abstract[] | null {
  const ts = resolve(dir, 'ts-dev.tsv');
  const kg = resolve(dir, 'kg-dev.tsv');
  if (!existsSync(ts) || !existsSync(kg)) return null;
  const keywords = new Map<string, string[]>();
  for (const [, text, kw] of rows(kg)) keywords.set(text.trim(), kw.split('_').map((k) => k.trim()).filter(Boolean));
  const seen = new Set<string>();
  const out: Abstract[] = [];
  for (const [, abstract, title] of rows(ts)) {
    const text = abstract.trim();
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, title: title.trim(), keywords: keywords.get(`${text} ${title.trim()}`) ?? keywords.get(text) ?? [] });
  }
  return out;
}

/** Human-written titles (cls_ctg-train.tsv), or none when absent. */
export function loadTitles(dir: string): string[] {
  const file = resolve(dir, 'cls_ctg-train.tsv');
  return existsSync(file) ? rows(file).map(([, title]) => title.trim()) : [];
}
