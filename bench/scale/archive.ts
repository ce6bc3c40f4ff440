import { between, pick } from '../similarity/random';
import type { MarkovWriter } from '../similarity/synth';

/** Stock phrasing of Chinese theses, most frequent first: it recurs across an archive without being copying. */
export const ACADEMIC_PHRASES = [
  '随着经济社会的快速发展，',
  '本文提出了一种基于',
  '具有重要的理论意义和实践价值。',
  '国内外学者对此进行了大量研究，',
  '实验结果表明，',
  '综上所述，',
  '在此基础上，',
  '近年来，随着信息技术的快速发展，',
  '本文的主要工作如下：',
  '研究结果表明，',
  '为了解决上述问题，',
  '由此可见，',
  '在一定程度上',
  '本章主要介绍了',
  '通过对比分析可以看出，',
  '与传统方法相比，',
  '本文在前人研究的基础上，',
  '存在的问题及对策',
  '具有一定的参考价值。',
  '得到了广泛的应用。',
  '从以下几个方面展开论述：',
  '本研究的创新之处在于',
  '有待进一步深入研究。',
  '对此提出以下建议：',
];
// Zipf weights: the first phrase is about twice as frequent as the second, and so on.
const WEIGHTS = ACADEMIC_PHRASES.map((_, i) => 1 / (i + 1));
const TOTAL_WEIGHT = WEIGHTS.reduce((a, b) => a + b, 0);

export interface Thesis {
  id: string;
  title: string;
  text: string;
}

export interface Plant {
  sourceId: string;
  /** Code point offsets in the paper. */
  start: number;
  end: number;
}

export interface PlantedPaper {
  text: string;
  plants: Plant[];
}

/** Thesis-length documents: paragraphs of Markov text, half of them opening with stock phrasing and some with more inside. */
export class ArchiveWriter {
  constructor(
    private readonly markov: MarkovWriter,
    private readonly titles: string[],
    private readonly random: () => number,
  ) {}

  phrase(): string {
    let x = this.random() * TOTAL_WEIGHT;
    for (let i = 0; i < WEIGHTS.length; i++) if ((x -= WEIGHTS[i]) <= 0) return ACADEMIC_PHRASES[i];
    return ACADEMIC_PHRASES[0];
  }

  paragraph(): string {
    const body = this.markov.write(between(200, 600, this.random), this.random);
    const opening = this.random() < 0.5 ? this.phrase() : '';
    if (this.random() >= 0.3) return `${opening}${body}`;
    const cut = Math.floor(body.length / 2);
    return `${opening}${body.slice(0, cut)}${this.phrase()}${body.slice(cut)}`;
  }

  /** A document of 20 000 to 60 000 characters. */
  thesis(id: string): Thesis {
    const length = between(20_000, 60_000, this.random);
    const paragraphs: string[] = [];
    for (let n = 0; n < length; ) {
      const p = this.paragraph();
      paragraphs.push(p);
      n += p.length;
    }
    return { id, title: pick(this.titles, this.random) ?? id, text: paragraphs.join('\n') };
  }
}

/** A paper of about `length` characters: new paragraphs and 10 passages of 200–500 characters copied from 10 of `sources`. */
export function plantedPaper(writer: ArchiveWriter, sources: Thesis[], length: number, random: () => number): PlantedPaper {
  const chosen = [...sources].sort(() => random() - 0.5).slice(0, 10);
  const parts: string[] = [];
  const plants: Plant[] = [];
  let offset = 0;
  const push = (text: string) => {
    parts.push(text);
    offset += [...text].length;
  };
  const gap = Math.floor(length / (chosen.length + 1));
  for (const source of chosen) {
    for (let n = 0; n < gap - 350; ) {
      const p = writer.paragraph();
      push(`${p}\n`);
      n += p.length;
    }
    const codes = [...source.text];
    const size = between(200, 500, random);
    const at = between(0, codes.length - size, random);
    const copied = codes.slice(at, at + size).join('').replace(/\n/g, '');
    plants.push({ sourceId: source.id, start: offset, end: offset + [...copied].length });
    push(`${copied}\n`);
  }
  for (let n = 0; n < gap; ) {
    const p = writer.paragraph();
    push(`${p}\n`);
    n += p.length;
  }
  return { text: parts.join(''), plants };
}
