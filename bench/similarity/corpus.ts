import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Abstract {
  id: string;
  title: string;
  text: string;
}

/** The distinct abstracts (with their titles) of the CSL dev files, and the 9,000 category titles. */
export function loadCsl(dir: string): { abstracts: Abstract[]; titles: string[] } | null {
  const ts = join(dir, 'ts-dev.tsv');
  if (!existsSync(ts)) return null;
  const seen = new Set<string>();
  const abstracts: Abstract[] = [];
  for (const line of readFileSync(ts, 'utf8').split('\n')) {
    const [, text, title] = line.split('\t');
    if (!text || !title || seen.has(text)) continue;
    seen.add(text);
    abstracts.push({ id: `csl-${abstracts.length + 1}`, title: title.trim(), text: text.trim() });
  }
  const titles: string[] = [];
  for (const file of ['cls_ctg-train.tsv', 'cls_ctg-dev.tsv']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const title = line.split('\t')[1]?.trim();
      if (title) titles.push(title);
    }
  }
  return { abstracts, titles };
}
