import { describe, expect, it } from 'vitest';
import { fromCodePoints } from './code-points';
import { normalizeForMatching } from './normalize';

const norm = (text: string) => fromCodePoints(normalizeForMatching(text).codes);

describe('normalizeForMatching', () => {
  it('drops punctuation and whitespace and lower-cases Latin letters', () => {
    expect(norm('文本， 相似度。\nTEXT! ')).toBe('文本相似度text');
  });

  it('folds full-width forms to half-width (NFKC)', () => {
    expect(norm('ＡＢＣ１２３')).toBe('abc123');
  });

  it('converts traditional characters to simplified', () => {
    expect(norm('後來臺灣發展軟體')).toBe(norm('后来台湾发展软体'));
    expect(norm('學術論文的數量')).toBe('学术论文的数量');
  });

  it('maps every normalised character back to its code point offset in the original', () => {
    const text = '“𠀀甲”，乙 丙';
    const { codes, origins } = normalizeForMatching(text);
    expect(fromCodePoints(codes)).toBe('𠀀甲乙丙');
    expect(Array.from(origins)).toEqual([1, 2, 5, 7]);
  });

  it('keeps every character an NFKC expansion produces, all mapped to the same offset', () => {
    const { codes, origins } = normalizeForMatching('面积㎡');
    expect(fromCodePoints(codes)).toBe('面积m2');
    expect(Array.from(origins)).toEqual([0, 1, 2, 2]);
  });
});
