import { describe, expect, it } from 'vitest';
import { scoreAigc } from '../aigc/detect';
import { offlineParagraph, paragraphKey, rewriteDocument, rewriteParagraph } from './index';
import { findProtectedSpans } from './protect';

// Rewriting only what was flagged: whole paragraphs (降AIGC, by the detector) or single sentences
// (学术库降重, by 查重), and the offline 降AIGC choice among attempts by our own detector.

const FIRST = '随着互联网技术的快速发展，网络舆情的传播速度和影响范围不断扩大，对社会治理提出了新的挑战。';
const SECOND = '本文在分析网络舆情传播特点的基础上，构建了舆情演化模型，并通过仿真实验验证了模型的有效性。';
const THIRD = '研究结果表明，政府部门应当及时回应公众关切，提高信息发布的透明度和权威性。';

describe('only the selected paragraphs', () => {
  it('rewrites the selected paragraphs and returns the others unchanged', async () => {
    const text = [FIRST, SECOND, THIRD].join('\n');
    const result = await rewriteDocument(text, { mode: 'smart', seed: 3, only: { [paragraphKey(SECOND)]: true } });
    const [a, b, c] = result.paragraphs;
    expect(a.rewritten).toBe(FIRST);
    expect(a.changed).toBe(false);
    expect(a.sentences.every((x) => x.reason === 'not-selected')).toBe(true);
    expect(c.rewritten).toBe(THIRD);
    expect(b.rewritten).not.toBe(SECOND);
    expect(b.changed).not.toBe(false);
    expect(b.similarityToOriginal).toBeLessThan(1);
  });

  it('rewrites only the given sentences of a paragraph, keeping the rest character for character', async () => {
    const paragraph = FIRST + SECOND + THIRD;
    const start = [...FIRST].length;
    const end = start + [...SECOND].length;
    const p = await rewriteParagraph(paragraph, { mode: 'smart', seed: 5, ranges: [[start, end]] });
    expect(p.rewritten.startsWith(FIRST)).toBe(true);
    expect(p.rewritten.endsWith(THIRD)).toBe(true);
    expect(p.rewritten).not.toBe(paragraph);
    expect(p.protectedKept).toBe(true);
    // The sentences outside the range say they were not selected; those inside were rewritten or kept for a reason.
    expect(p.sentences.map((x) => x.reason ?? x.status)).toEqual(['not-selected', 'rewritten', 'not-selected']);
    expect(p.sentences[1]).toMatchObject({ start, end });
  });

  it('selects sentences through rewriteDocument by the paragraph key', async () => {
    const paragraph = FIRST + SECOND;
    const result = await rewriteDocument(`${paragraph}\n${THIRD}`, { mode: 'smart', seed: 2, only: { [paragraphKey(paragraph)]: [[0, [...FIRST].length]] } });
    expect(result.paragraphs[0].rewritten.endsWith(SECOND)).toBe(true);
    expect(result.paragraphs[0].rewritten.startsWith(FIRST)).toBe(false);
    expect(result.paragraphs[1].rewritten).toBe(THIRD);
  });

  it('ignores ranges outside the paragraph and merges overlapping ones', async () => {
    const p = await rewriteParagraph(FIRST, { mode: 'smart', seed: 1, ranges: [[-5, 4], [2, 10], [500, 900]] });
    expect(p.rewritten.endsWith(FIRST.slice(10))).toBe(true);
    expect(p.rewritten).not.toBe(FIRST);
  });
});

describe('降AIGC offline', () => {
  it('drops the summing-up openers chat models start sentences with, not an ordinal of a series, not inside a quotation, not in other modes', async () => {
    const text = '首先，预训练语言模型能够捕捉文本中的语义信息。此外，注意力机制提升了模型性能。正如“此外，要明确目标”所说，方向很重要。';
    const lowered = await rewriteParagraph(text, { mode: 'aigc', seed: 2 });
    expect(lowered.rewritten).toMatch(/^首先，/);
    expect(lowered.rewritten).not.toContain('。此外，');
    expect(lowered.rewritten).toContain('“此外，要明确目标”');
    const smart = await rewriteParagraph(text, { mode: 'smart', seed: 2 });
    expect(smart.rewritten).toMatch(/。(?:此外|另外)，注意力机制/u);
  });

  it('keeps the attempt our detector scores lowest, lower than the original, with every protected span', () => {
    const text = '综上所述，深度学习技术在文本相似度计算中具有重要的理论意义和广泛的应用价值。值得注意的是，现有方法在处理长文本时仍然面临诸多挑战。因此，本文将系统地探讨相关问题，旨在为未来的研究提供有益的参考和借鉴。总而言之，该领域的发展前景十分广阔。';
    const spans = findProtectedSpans(text);
    const lowered = offlineParagraph(text, spans, [], 11, 'aigc');
    expect(lowered.text).not.toBe(text);
    expect(scoreAigc(lowered.text)).toBeLessThan(scoreAigc(text));
    for (const attempt of [0, 1, 2]) {
      const other = offlineParagraph(text, spans, [], (11 + attempt * 0x9e3779b9) >>> 0, 'smart').text;
      expect(scoreAigc(lowered.text)).toBeLessThanOrEqual(scoreAigc(other) + 0.2);
    }
  });

  it('keeps the original when no rewording scores lower (dropping 综上所述 alone reads more machine-like to our detector), each edited sentence saying so', () => {
    const text = '综上所述，人工智能技术在教育领域具有广阔的应用前景。首先，它能够提升教学效率；其次，它能够实现个性化学习；最后，它能够优化教育资源配置。';
    const kept = offlineParagraph(text, findProtectedSpans(text), [], 11, 'aigc');
    expect(kept.text).toBe(text);
    expect(kept.sentences.every((s) => s.status === 'kept')).toBe(true);
    expect(kept.sentences.map((s) => s.reason)).toContain('not-lowered');
  });
});
