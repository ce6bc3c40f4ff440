import { describe, expect, it } from 'vitest';
import { assembleSectionContext, estimateTokens, messageTokens, summarizeSection } from './context';
import { outlineRows } from './outline';
import { outlineTemplate } from './templates';

const brief = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'doctor' as const, targetLength: 80000, keywords: ['相似度'], references: [] };
const { outline } = outlineTemplate('doctor', brief.discipline, 80000);
const rows = outlineRows(outline).filter((r) => r.writes);
const unit = rows[rows.length - 2];
const previous = rows.slice(0, rows.length - 2).map((r, i) => ({
  heading: r.heading,
  summary: `第${i}节的概要：本节讨论了${r.heading}的主要问题，并给出了相应的分析与结论，为后文的研究奠定了基础。`,
}));
const references = Array.from({ length: 30 }, (_, i) => `作者${i}. 一篇相当长的参考文献题名，用来占据上下文预算的空间第${i}号[J]. 某某学报, 2020, 12(3): 1-10.`);
const abstract = '本文研究中文文本相似度计算问题。'.repeat(30);

describe('context assembly', () => {
  it('puts everything in when the budget allows: outline, abstract, all summaries, numbered references', () => {
    const ctx = assembleSectionContext({ brief, outline, abstract, previous, unit, references }, 100_000);
    const text = ctx.messages[1].content;
    expect(text).toContain(`摘要：${abstract}`);
    expect(text).toContain(previous[0].summary);
    expect(text).toContain(`[30] ${references[29]}`);
    expect(text).toContain(`${unit.heading}（约${unit.targetLength}字） ← 本节`);
    expect(ctx.trimmed).toEqual({ summariesDropped: 0, pointsDropped: false, otherChaptersCollapsed: false, referencesShortened: false, abstractShortened: false });
  });

  it('stays within a small budget, dropping the oldest summaries first and keeping the one just before', () => {
    const full = assembleSectionContext({ brief, outline, abstract, previous, unit, references }, 100_000).tokens;
    for (const budget of [Math.floor(full * 0.8), Math.floor(full * 0.5), 1500]) {
      const ctx = assembleSectionContext({ brief, outline, abstract, previous, unit, references }, budget);
      expect(ctx.tokens).toBeLessThanOrEqual(budget);
      expect(messageTokens(ctx.messages)).toBe(ctx.tokens);
      const text = ctx.messages[1].content;
      expect(text).toContain(unit.heading);
      expect(text).toContain('[30] ');
      expect(text).toContain('只可引用这些编号');
      if (ctx.trimmed.summariesDropped > 0 && ctx.trimmed.summariesDropped < previous.length) {
        expect(text).toContain(previous[previous.length - 1].summary);
        expect(text).not.toContain(previous[0].summary);
      }
    }
    const tight = assembleSectionContext({ brief, outline, abstract, previous, unit, references }, Math.floor(full * 0.8));
    expect(tight.trimmed.summariesDropped).toBeGreaterThan(0);
    expect(tight.trimmed.pointsDropped).toBe(false);
  });

  it('refuses when even the barest context cannot fit', () => {
    expect(() => assembleSectionContext({ brief, outline, abstract, previous, unit, references }, 200)).toThrow('does not fit');
  });

  it('estimates tokens and summarises a section by its first and last sentences', () => {
    expect(estimateTokens('中文文本')).toBe(4);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(summarizeSection('第一句话。中间的话很多很多。最后一句话。')).toBe('第一句话。……最后一句话。');
    expect([...summarizeSection('长'.repeat(500))].length).toBe(160);
  });
});
