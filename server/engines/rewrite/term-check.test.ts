import { describe, expect, it } from 'vitest';
import { checkTerms, lostTerms } from './term-check';

// The term check reads the two texts only: a term split, infixed, partly replaced or dropped is lost.

describe('term check', () => {
  const original = '本文基于大语言模型，采用梯度下降法训练网络，并在云计算平台上部署。';

  it('names the terms a rewrite split, infixed, replaced in part or dropped', () => {
    const rewritten = '本文基于大语言的模型，采用梯度降低法训练网络，并在云推算平台上部署。';
    expect(lostTerms(original, rewritten, ['大语言模型', '梯度下降法', '云计算', '训练网络'])).toEqual(['大语言模型', '梯度下降法', '云计算']);
    expect(lostTerms(original, '本文部署了网络。', ['大语言模型'])).toEqual(['大语言模型']);
  });

  it('counts occurrences: a term twice in the original must come back twice', () => {
    expect(lostTerms('模型甲与模型甲对比。', '模型甲对比。', ['模型甲'])).toEqual(['模型甲']);
    expect(lostTerms('模型甲与模型甲对比。', '比较模型甲和模型甲。', ['模型甲'])).toEqual([]);
  });

  it('checks only the terms the original contains, and says how many', () => {
    expect(checkTerms(original, original, ['大语言模型', '知识图谱', '云计算', '云计算'])).toEqual({ checked: 2, lost: [] });
  });
});
