import { describe, expect, it } from 'vitest';
import { checkRewrite } from './checks';
import { findProtectedSpans } from './protect';

// The checks every rewrite passes, offline sentence or model paragraph.

describe('checkRewrite', () => {
  const original = '本文采用问卷调查法，共收集有效问卷300份[2]，结果表明“以人为本”的理念有效。';
  const spans = findProtectedSpans(original);
  const check = (candidate: string, terms: string[] = ['问卷调查法']) => checkRewrite({ original, candidate, spans, terms });

  it('passes a correct rewrite', () => {
    expect(check('本研究运用问卷调查法，共收集有效问卷300份[2]，结果显示“以人为本”的理念有效。')).toEqual([]);
  });

  it('finds a changed protected span, a lost term, a doubled particle, a repeated word and a wrong length', () => {
    expect(check('本文采用问卷调查法，共收集有效问卷三百份[2]，结果表明“以人为本”的理念有效。')).toContain('protected');
    expect(check('本文采用问卷的调查法，共收集有效问卷300份[2]，结果表明“以人为本”的理念有效。')).toContain('term');
    expect(check('本文采用问卷调查法，共收集有效的的问卷300份[2]，结果表明“以人为本”的理念有效。')).toContain('particle');
    expect(check('本文采用经调查的问卷调查法，共收集有效问卷300份[2]，结果表明“以人为本”的理念有效。')).toContain('particle');
    expect(check('本文采用采用问卷调查法，共收集有效问卷300份[2]，结果表明“以人为本”的理念有效。')).toContain('repeat');
    expect(check('问卷调查法300份[2]“以人为本”。')).toContain('length');
  });
});
