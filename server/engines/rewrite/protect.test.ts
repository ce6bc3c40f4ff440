import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentParagraphs, offlineParagraph, OFFLINE_SETTINGS, rewriteParagraph } from './index';
import { findProtectedSpans, hasPlaceholderMarks, keepsProtected, maskSpans, missingSpans, unmaskText } from './protect';
import { smartRewrite } from './smart';
import { REWRITE_MODES } from './types';

// Protection: whatever the text and the seed, nothing protected ever changes. Texts are drawn from
// academic clauses with numbers, formulas, Latin text, citation marks, quotations and listed terms mixed in.

const CLAUSES = [
  '本文提出了一种基于深度学习的图像分割方法',
  '为了提高模型的识别精度',
  '由于样本数量有限',
  '研究人员对实验数据进行了分析',
  '结果表明该方法具有较好的鲁棒性',
  '虽然计算量较大',
  '但其准确率明显高于传统方法',
  '因此需要进一步研究',
  '采用问卷调查和访谈相结合的方式',
  '通过对比分析不同参数下的性能',
  '研究对象为某市三所高校的学生',
  '两组患者的治疗效果差异有统计学意义',
  '该模型把注意力机制引入编码器',
  '数据、方法、结果和结论依次给出',
];
const PROTECTED = [
  '12.5%', '3 000 kg', '136例', 'P<0.05', 'y = ax + b', 'BERT', 'Transformer', 'ResNet-50', '[1]', '[3, 4]', '［12］',
  '“以人为本”', '「知行合一」', 'α=0.01', '2019年', '95%置信区间', 'CO2',
];
const TERMS = ['知识图谱', '碳中和', '乡村振兴', '注意力机制'];
const PUNCT = ['，', '。', '；', '：', '、'];

const paragraph = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...CLAUSES) },
      { weight: 2, arbitrary: fc.constantFrom(...PROTECTED) },
      { weight: 1, arbitrary: fc.constantFrom(...TERMS) },
      { weight: 2, arbitrary: fc.constantFrom(...PUNCT) },
    ),
    { minLength: 1, maxLength: 14 },
  )
  .map((parts) => `${parts.join('')}。`);

describe('protected spans', () => {
  it('finds numbers with units, formulas, Latin text, citations, quotations, listed terms and fixed phrases', () => {
    const text = '本文在BERT的基础上引入知识图谱[1]，共纳入136例患者，治疗有效率为92.5%，P<0.05，差异有统计学意义，即“以人为本”的理念，y = ax + b。';
    const spans = findProtectedSpans(text, { terms: ['知识图谱'] });
    const byText = new Map(spans.map((s) => [s.text, s.kind]));
    expect(byText.get('BERT')).toBe('latin');
    expect(byText.get('知识图谱')).toBe('term');
    expect(byText.get('[1]')).toBe('citation');
    expect(byText.get('136例')).toBe('number');
    expect(byText.get('92.5%')).toBe('number');
    expect(byText.get('P<0.05')).toBe('formula');
    expect(byText.get('差异有统计学意义')).toBe('technical');
    expect(byText.get('“以人为本”')).toBe('quote');
    expect(byText.get('y = ax + b')).toBe('formula');
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('returns spans in order without overlaps', () => {
    fc.assert(
      fc.property(paragraph, (text) => {
        const spans = findProtectedSpans(text, { terms: TERMS });
        for (let i = 0; i < spans.length; i++) {
          expect(text.slice(spans[i].start, spans[i].end)).toBe(spans[i].text);
          if (i > 0) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('nothing protected ever changes in the offline rewrite, whatever the text, seed and mode', () => {
    fc.assert(
      fc.property(paragraph, fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(...REWRITE_MODES), (text, seed, mode) => {
        const spans = findProtectedSpans(text, { terms: TERMS });
        const out = offlineParagraph(text, spans, seed, mode);
        expect(missingSpans(spans, out)).toEqual([]);
        for (const p of PROTECTED.filter((x) => text.includes(x))) expect(out).toContain(p);
        for (const t of TERMS.filter((x) => text.includes(x))) expect(out).toContain(t);
      }),
      { numRuns: 200 },
    );
  });

  it('the raw smart rewrite (before its check) keeps every protected span too', () => {
    fc.assert(
      fc.property(paragraph, fc.integer({ min: 0, max: 0xffffffff }), (text, seed) => {
        const spans = findProtectedSpans(text, { terms: TERMS });
        expect(keepsProtected(spans, smartRewrite(text, spans, seed, OFFLINE_SETTINGS.strong))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('rewriteParagraph reports protectedKept for every offline rewrite', async () => {
    await fc.assert(
      fc.asyncProperty(paragraph, fc.integer({ min: 1, max: 1000 }), async (text, seed) => {
        const p = await rewriteParagraph(text, { mode: 'smart', seed, protectedTerms: TERMS });
        expect(p.protectedKept).toBe(true);
        expect(p.offline).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('missingSpans counts occurrences: a span that occurs twice must come back twice', () => {
    const text = '[1]所述方法与[1]一致。';
    const spans = findProtectedSpans(text);
    expect(missingSpans(spans, '[1]所述方法一致。').map((s) => s.text)).toContain('[1]');
    expect(keepsProtected(spans, '与[1]一致的是[1]所述方法。')).toBe(true);
  });

  it('masking round-trips, and an answer that drops, repeats or invents a placeholder is refused', () => {
    fc.assert(
      fc.property(paragraph, (text) => {
        fc.pre(!hasPlaceholderMarks(text));
        const spans = findProtectedSpans(text, { terms: TERMS });
        const masked = maskSpans(text, spans);
        expect(unmaskText(masked.text, masked.slots)).toBe(text);
        if (masked.slots.length) {
          expect(unmaskText(masked.text.replace('⟦1⟧', ''), masked.slots)).toBeNull();
          expect(unmaskText(`${masked.text}⟦1⟧`, masked.slots)).toBeNull();
        }
        expect(unmaskText(`${masked.text}⟦${masked.slots.length + 1}⟧`, masked.slots)).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it('documentParagraphs splits on blank and non-blank lines, trimmed', () => {
    expect(documentParagraphs('  第一段。\n\n第二段。  \n第三段。')).toEqual(['第一段。', '第二段。', '第三段。']);
  });
});
