import { resolve } from 'node:path';
import { fixture } from '../../server/engines/similarity/fixtures/load';
import { countChars, MAX_CHECK_CHARS } from '@common/char-count';
import { type Abstract, loadCsl } from '../similarity/corpus';
import { buildSuspicious, fillerSentences } from '../similarity/plants';
import { seededRandom } from '../similarity/random';

export interface Workload {
  /** Reference documents, imported before the server starts. */
  library: Abstract[];
  /** A paper just under the 300 000-character limit with passages copied from the library. */
  paper: string;
  origin: string;
}

const PAPER_CHARS = MAX_CHECK_CHARS - 1000;

/** From the CSL abstracts when they are there (../shared/data/csl), else from the repository's fixtures. */
export function buildWorkload(cslDir: string): Workload {
  const csl = loadCsl(resolve(cslDir));
  if (csl) {
    const random = seededRandom(8);
    const sources = csl.abstracts.slice(0, 700);
    const filler = fillerSentences(csl.abstracts.slice(700), sources);
    const paper = buildSuspicious({ id: 'paper', length: PAPER_CHARS, plants: 400, level: 'none', sources, filler, random });
    return { library: sources, paper: paper.text, origin: `${sources.length} CSL abstracts, 400 planted passages` };
  }
  const texts = ['source-a.txt', 'source-b.txt', 'own-words.txt'].map(fixture);
  const library = texts.slice(0, 2).map((text, i) => ({ id: `fixture-${i + 1}`, title: `比对文献 ${i + 1}`, text }));
  const parts: string[] = [];
  for (let i = 0, chars = 0; chars < PAPER_CHARS - 2000; i++) {
    const part = `第${i + 1}节 ${texts[i % texts.length]}`;
    parts.push(part);
    chars += countChars(part);
  }
  return { library, paper: parts.join('\n'), origin: 'repository fixtures (no CSL data found)' };
}
