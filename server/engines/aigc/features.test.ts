import { describe, expect, it } from 'vitest';
import { toCodePoints } from '../text/code-points';
import { DENSE_INDEX, extractFeatures, Kind, kindOf, normalizeSentence } from './features';

const features = (text: string) => {
  const codes = toCodePoints(text);
  return extractFeatures(codes, 0, codes.length);
};
const symbolsOf = (text: string) => {
  const codes = toCodePoints(text);
  return String.fromCodePoint(...normalizeSentence(codes, 0, codes.length).symbols);
};

describe('AIGC sentence features', () => {
  it('see half-width marks in Chinese text as full-width, drop spaces, fold digits and cut the closing mark', () => {
    expect(symbolsOf('本文 研究了A, B两种方法(见表12);结果如下.')).toBe('本文研究了A，B两种方法（见表00）；结果如下');
    expect(symbolsOf('圆周率约为3.14，误差为0.5%。')).toBe('圆周率约为0.00，误差为0.0%');
    expect(symbolsOf('这是真的吗？”')).toBe('这是真的吗');
    expect(symbolsOf('。')).toBe('。');
  });

  it('give the same n-grams to a sentence typed with half-width or full-width punctuation', () => {
    const half = features('本研究基于问卷调查,分析了学生的学习习惯.');
    const full = features('本研究基于问卷调查，分析了学生的学习习惯。');
    expect([...half.slots]).toEqual([...full.slots]);
    // Typography is measured as typed.
    expect(half.dense[DENSE_INDEX.halfWidth]).toBe(1);
    expect(full.dense[DENSE_INDEX.halfWidth]).toBe(0);
    expect(full.dense[DENSE_INDEX.terminal]).toBe(1);
    expect(features('新书推荐').dense[DENSE_INDEX.bareEnd]).toBe(1);
  });

  it('count connectives, assistant set phrases and modal particles per 100 characters', () => {
    const text = '首先，我们需要明确目标；此外，一般来说还要制定计划。';
    const f = features(text);
    const n = [...text].length;
    expect(f.dense[DENSE_INDEX.connectives]).toBeCloseTo((2 * 100) / n, 6);
    expect(f.dense[DENSE_INDEX.templates]).toBeCloseTo((1 * 100) / n, 6);
    expect(f.dense[DENSE_INDEX.colloquial]).toBe(0);
    expect(features('今天好累啊，去吃火锅吧').dense[DENSE_INDEX.colloquial]).toBeGreaterThan(0);
    expect(f.dense[DENSE_INDEX.commaRate]).toBeCloseTo(2 / n, 6);
  });

  it('count code points, not UTF-16 units (an astral character is one)', () => {
    expect(features('𠀀𠀁好').dense[DENSE_INDEX.length]).toBeCloseTo(Math.log1p(3), 9);
    expect(kindOf('𠀀'.codePointAt(0)!)).toBe(Kind.Han);
    expect(kindOf(0xff0c)).toBe(Kind.Mark);
    expect(kindOf(0x3000)).toBe(Kind.Space);
  });

  it('measure the spread of clause lengths and the use of 的, 你/您 and brackets', () => {
    const even = features('我们读书，我们写字，我们画画。');
    const uneven = features('好，但是这件事情远比我们原先想象的复杂得多。');
    expect(even.dense[DENSE_INDEX.clauseSpread]).toBe(0);
    expect(uneven.dense[DENSE_INDEX.clauseSpread]).toBeGreaterThan(0.5);
    const f = features('您可以参考他的（最新）研究的结论。');
    expect(f.dense[DENSE_INDEX.secondPerson]).toBe(1);
    expect(f.dense[DENSE_INDEX.brackets]).toBe(2);
    expect(f.dense[DENSE_INDEX.de]).toBeCloseTo(2 / 17, 6);
  });
});
