import { describe, expect, it } from 'vitest';
import { charWeights, countChars } from './char-count';

// The counting rule of both the browser's live count and the server.
describe('countChars', () => {
  it('counts every CJK character and every punctuation mark once', () => {
    expect(countChars('文本相似度。')).toBe(6);
    expect(countChars('“引文”，（括号）！')).toBe(10);
    expect(countChars('ひらがなカタカナ한글ㄅ〇々')).toBe(13);
  });

  it('counts a run of Latin letters or digits as one, with inner . - \' kept in the run', () => {
    expect(countChars('COVID-19')).toBe(1);
    expect(countChars('数值为 3.14。')).toBe(5);
    expect(countChars("the model don't fit")).toBe(4);
    expect(countChars('Lyapunov函数')).toBe(3);
    expect(countChars('end.')).toBe(2);
    expect(countChars('a - b')).toBe(3);
  });

  it('does not count whitespace, line breaks, a BOM or control characters', () => {
    expect(countChars(' 摘\u3000要 \r\n\t')).toBe(2);
    expect(countChars('\ufeff正文\u0000')).toBe(2);
    expect(countChars('')).toBe(0);
  });

  it('gives half-width punctuation the same weight as full-width', () => {
    expect(countChars('方法,结果.')).toBe(countChars('方法，结果。'));
  });

  it('counts full-width letters like half-width ones and astral CJK characters once', () => {
    expect(countChars('ＡＢＣ')).toBe(1);
    expect(countChars('𠀀𠀁')).toBe(2);
  });

  it('puts the weight of a word on its first character', () => {
    expect(Array.from(charWeights([0x61, 0x62, 0x4e2d]))).toEqual([1, 0, 1]);
  });
});
