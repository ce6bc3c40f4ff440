/** Finds phrases of a fixed list in code points, longest first, without overlaps. */
export class PhraseMatcher {
  private readonly byFirst = new Map<number, number[][]>();

  constructor(phrases: readonly string[]) {
    for (const phrase of phrases) {
      const codes = [...phrase].map((c) => c.codePointAt(0)!);
      const list = this.byFirst.get(codes[0]) ?? [];
      list.push(codes);
      this.byFirst.set(codes[0], list);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length);
  }

  private matchAt(codes: ArrayLike<number>, i: number, end: number): number[] | null {
    const list = this.byFirst.get(codes[i]);
    if (!list) return null;
    for (const phrase of list) {
      if (i + phrase.length > end) continue;
      let k = 1;
      while (k < phrase.length && codes[i + k] === phrase[k]) k++;
      if (k === phrase.length) return phrase;
    }
    return null;
  }

  count(codes: ArrayLike<number>, start: number, end: number): number {
    let n = 0;
    for (let i = start; i < end; i++) {
      const phrase = this.matchAt(codes, i, end);
      if (phrase) {
        n++;
        i += phrase.length - 1;
      }
    }
    return n;
  }

  found(codes: ArrayLike<number>, start: number, end: number): string[] {
    const out: string[] = [];
    for (let i = start; i < end; i++) {
      const phrase = this.matchAt(codes, i, end);
      if (phrase) {
        const text = String.fromCodePoint(...phrase);
        if (!out.includes(text)) out.push(text);
        i += phrase.length - 1;
      }
    }
    return out;
  }
}
