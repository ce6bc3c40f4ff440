import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pick, seededRandom } from '../../server/engines/seeded-random';
import type { RewrittenParagraph } from '../../server/engines/rewrite';
import { diffChars } from '@common/char-diff';
import type { Abstract } from './data';

// The pairs for the human review of the rewrite bench: N rewrites drawn at random (seeded) from the
// abstracts the engine changed, written outside the repository (they are CC-derived text), sentence by
// sentence with the edits marked, each with a line to fill in. `npm run bench -- rewrite --review DIR`
// writes DIR/review-<mode>.md; the same seed draws the same pairs.

const SENTENCE_END = /(?<=[。；！？!?;]|\.(?=\s|\p{Script=Han}|$))/u;
const sentencesOf = (text: string) => text.split(SENTENCE_END).filter((s) => s.trim());

const marked = (a: string, b: string) =>
  diffChars(a, b)
    .map((d) => (d.kind === 'same' ? d.text : d.kind === 'removed' ? `[-${d.text}-]` : `{+${d.text}+}`))
    .join('');

export function writeReview(dir: string, mode: string, items: Array<{ abstract: Abstract; paragraph: RewrittenParagraph }>, n: number, seed: number): string {
  const changed = items.filter((i) => i.paragraph.rewritten !== i.paragraph.original);
  const random = seededRandom(seed);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, changed.length)) chosen.add(changed.indexOf(pick(changed, random)));
  const lines = [
    `# Review of ${mode}: ${chosen.size} rewrites drawn (seed ${seed}) from the ${changed.length} abstracts the engine changed`,
    '',
    'Read each rewritten sentence as a strict thesis editor would. Per pair: grammatical (语法通顺), meaning kept (意思不变),',
    'terms kept (术语完整), could be handed in unedited (可直接提交). [-x-] was removed, {+y+} added; unchanged sentences are shown once.',
    '',
  ];
  [...chosen].sort((a, b) => a - b).forEach((k, number) => {
    const { abstract, paragraph } = changed[k];
    lines.push(`## ${number + 1}. ${abstract.title}`, '');
    const before = sentencesOf(paragraph.original);
    const after = sentencesOf(paragraph.rewritten);
    if (before.length === after.length) {
      before.forEach((s, i) => lines.push(s === after[i] ? `- (kept) ${s}` : `- ${marked(s, after[i])}`));
    } else lines.push(`- ${marked(paragraph.original, paragraph.rewritten)}`);
    lines.push('', '判定：语法 [ ] 意思 [ ] 术语 [ ] 可直接提交 [ ]  备注：', '');
  });
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `review-${mode}.md`);
  writeFileSync(file, lines.join('\n'));
  return file;
}
