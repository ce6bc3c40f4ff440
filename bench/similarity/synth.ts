import { between } from './random';

/**
 * An order-2 character Markov model of the abstracts. With a small share of characters drawn from
 * the unigram distribution it writes new text with realistic character and n-gram statistics
 * without reproducing long runs of its training text.
 */
export class MarkovWriter {
  private readonly next = new Map<number, number[]>();
  private readonly unigrams: number[] = [];
  private readonly starts: [number, number][] = [];

  constructor(texts: string[], private readonly jump = 0.12) {
    for (const text of texts) {
      const cps = Array.from(text, (c) => c.codePointAt(0)!);
      if (cps.length > 2) this.starts.push([cps[0], cps[1]]);
      for (let i = 0; i + 2 < cps.length; i++) {
        const key = cps[i] * 0x110000 + cps[i + 1];
        const list = this.next.get(key);
        if (list) list.push(cps[i + 2]);
        else this.next.set(key, [cps[i + 2]]);
      }
      this.unigrams.push(...cps);
    }
  }

  write(length: number, random: () => number): string {
    const out = new Array<number>(length);
    [out[0], out[1]] = this.starts[Math.floor(random() * this.starts.length)];
    for (let i = 2; i < length; i++) {
      const options = this.next.get(out[i - 2] * 0x110000 + out[i - 1]);
      out[i] =
        options && random() > this.jump
          ? options[Math.floor(random() * options.length)]
          : this.unigrams[Math.floor(random() * this.unigrams.length)];
    }
    return String.fromCodePoint(...out);
  }

  /** A synthetic library document of about `mean` characters. */
  document(mean: number, random: () => number): string {
    return this.write(between(Math.round(mean * 0.6), Math.round(mean * 1.4), random), random);
  }
}
