// Writes each slide template's preview image (its cover drawn from the template itself) to
// public/ppt-templates/<id>.svg: `npx tsx scripts/ppt-previews.ts`. A test checks the files are current.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { templatePreviewSvg } from '@common/slides/default-deck';
import { SLIDE_TEMPLATES } from '@common/slides/templates';

export const PREVIEW_DIR = fileURLToPath(new URL('../public/ppt-templates/', import.meta.url));

export function writePreviews(): string[] {
  mkdirSync(PREVIEW_DIR, { recursive: true });
  return SLIDE_TEMPLATES.map((t) => {
    const file = `${PREVIEW_DIR}${t.id}.svg`;
    writeFileSync(file, `${templatePreviewSvg(t)}\n`);
    return file;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of writePreviews()) console.log(file);
}
