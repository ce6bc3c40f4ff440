import type { Example } from './data';

/**
 * The naive baseline the bench prints beside the detector: multinomial naive Bayes on character bigrams
 * (add-one smoothing, equal class priors). Its score is the posterior probability of "machine".
 */
export class BigramNaiveBayes {
  private readonly counts = [new Map<string, number>(), new Map<string, number>()];
  private readonly totals = [0, 0];
  private vocabulary = 0;

  train(examples: readonly Example[]): this {
    const vocab = new Set<string>();
    for (const e of examples) {
      for (const g of bigrams(e.text)) {
        const m = this.counts[e.label];
        m.set(g, (m.get(g) ?? 0) + 1);
        this.totals[e.label]++;
        vocab.add(g);
      }
    }
    this.vocabulary = vocab.size + 1;
    return this;
  }

  score(text: string): number {
    let llr = 0;
    const d1 = this.totals[1] + this.vocabulary;
    const d0 = this.totals[0] + this.vocabulary;
    for (const g of bigrams(text)) {
      llr += Math.log(((this.counts[1].get(g) ?? 0) + 1) / d1) - Math.log(((this.counts[0].get(g) ?? 0) + 1) / d0);
    }
    return llr >= 0 ? 1 / (1 + Math.exp(-llr)) : Math.exp(llr) / (1 + Math.exp(llr));
  }
}

function bigrams(text: string): string[] {
  const chars = ['\u0002', ...text, '\u0003'];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}
