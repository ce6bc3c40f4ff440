import { describe, expect, it } from 'vitest';
import { alignParagraphs } from './align';
import { rewriteDocument, rewriteParagraph } from './index';
import { bigramOverlap, lengthRatio, similarityToOriginal } from './measure';
import { paragraphSeed, seededRandom } from './random';
import { findProtectedSpans } from './protect';
import { lastResortEdit, smartRewriteText, toPieces, type SmartSettings } from './smart';
import { SYNONYMS } from './synonyms';

// The offline engine's transforms one by one (each alone: no substitution, no run breaking), run
// breaking, determinism for a seed, the figures, and paragraph alignment.

const STRUCTURE: SmartSettings = { substitute: 0, transform: 1, breakRuns: false };
const SUBSTITUTE: SmartSettings = { substitute: 1, transform: 0, breakRuns: false };
const NOTHING: SmartSettings = { substitute: 0, transform: 0, breakRuns: false };
const structure = (text: string, seed = 7) => smartRewriteText(text, seed, [], STRUCTURE);

describe('structure transforms', () => {
  it('为了A，B。 → B，以A。', () => {
    expect(structure('为了提高模型的识别精度，本文设计了一种新的特征提取方法。')).toBe('本文设计了一种新的特征提取方法，以提高模型的识别精度。');
  });

  it('由于A，因此B。 → B，原因在于A。', () => {
    expect(structure('由于样本数量有限，因此结论需要进一步验证。')).toBe('结论需要进一步验证，原因在于样本数量有限。');
  });

  it('虽然A，但B。 → B，尽管A。', () => {
    expect(structure('虽然该方法计算量较大，但其准确率明显高于传统方法。')).toBe('其准确率明显高于传统方法，尽管该方法计算量较大。');
  });

  it('对X进行了V → V了X', () => {
    expect(structure('本文对实验数据进行了分析。')).toBe('本文分析了实验数据。');
  });

  it('A把B V → B被A V', () => {
    expect(structure('研究人员把样本放入培养箱中。')).toBe('样本被研究人员放入培养箱中。');
  });

  it('a long sentence is split at ，并', () => {
    const text = '本文提出了一种基于深度学习和注意力机制的遥感图像语义分割方法，并在三个公开数据集上系统地验证了该方法的有效性和鲁棒性。';
    const out = structure(text);
    expect(out).toBe('本文提出了一种基于深度学习和注意力机制的遥感图像语义分割方法。在此基础上，在三个公开数据集上系统地验证了该方法的有效性和鲁棒性。');
  });

  it('two short sentences may be joined by a semicolon (seeded)', () => {
    const text = '实验采用随机分组。结果良好。';
    const outs = new Set(Array.from({ length: 12 }, (_, seed) => smartRewriteText(text, seed, [], STRUCTURE)));
    expect(outs).toContain('实验采用随机分组；结果良好。');
    expect(outs).toContain(text);
  });

  it('nothing changes with every step turned off', () => {
    const text = '为了提高模型的识别精度，本文对实验数据进行了分析。';
    expect(smartRewriteText(text, 3, [], NOTHING)).toBe(text);
  });
});

describe('synonym substitution', () => {
  it('replaces dictionary words by one of their alternatives, keeping the rest', () => {
    const text = '本研究采用问卷调查方法，因此结果具有代表性。';
    const out = smartRewriteText(text, 3, [], SUBSTITUTE);
    expect(out).not.toBe(text);
    expect(SYNONYMS.get('采用')!.alts.some((alt) => out.includes(alt))).toBe(true);
    expect(out.startsWith('本研究')).toBe(true);
    expect(out.endsWith('代表性。')).toBe(true);
  });

  it('respects a start-of-clause rule (因此 mid-clause stays)', () => {
    const entry = SYNONYMS.get('因此')!;
    expect(entry.clauseStart).toBe(true);
    expect(smartRewriteText('结果因此具有代表性。', 5, [], SUBSTITUTE)).toContain('因此');
  });

  it('never substitutes inside a listed term', () => {
    const out = smartRewriteText('采用应用数学方法研究问题。', 1, ['采用应用数学'], SUBSTITUTE);
    expect(out).toContain('采用应用数学');
  });
});

describe('run breaking', () => {
  it('leaves no run of 13+ characters shared with the original when light edits can break it', () => {
    const text = '随着互联网技术的快速发展，网络舆情的传播速度和影响范围不断扩大，对社会治理提出了新的挑战。本文在分析网络舆情传播特点的基础上，构建了舆情演化模型。';
    expect(similarityToOriginal(text, smartRewriteText(text, 1, [], NOTHING))).toBe(1);
    const out = smartRewriteText(text, 1, [], { substitute: 0, transform: 0, breakRuns: true });
    expect(similarityToOriginal(text, out)).toBeLessThan(0.3);
    expect(bigramOverlap(text, out)).toBeGreaterThan(0.5);
  });

  it('numbered list items (years) keep their order', () => {
    const text = '对1968、1994、1998、2002和2005年的汛期暴雨过程进行了分析，发现各年的低频特征并不相同。';
    const out = smartRewriteText(text, 5, [], { substitute: 0, transform: 0, breakRuns: true });
    expect(out).toMatch(/1968.*1994.*1998.*2002.*2005/u);
  });
});

describe('last-resort edits (for a run nothing lighter broke)', () => {
  /** The text after the edit at the first piece reading `word`, or null when none applies there. */
  const editAt = (text: string, word: string, terms: string[] = []) => {
    const pieces = toPieces(text, findProtectedSpans(text, { terms, technical: false }));
    const i = pieces.findIndex((p) => p.text === word);
    expect(i).toBeGreaterThanOrEqual(0);
    return lastResortEdit(pieces, i) ? pieces.map((p) => p.text).join('') : null;
  };

  it('a structured abstract’s heading leads into its finding', () => {
    expect(editAt('结果 治疗组疗效明显优于对照组。', '结果')).toBe('结果显示 治疗组疗效明显优于对照组。');
  });

  it('为 that says what something is becomes 是; 为 that says whom something is for stays', () => {
    expect(editAt('流速为1.0 ml/min。', '为')).toBe('流速是1.0 ml/min。');
    expect(editAt('该方法为临床治疗提供了依据。', '为')).toBeNull();
  });

  it('的 between two nouns (or a noun and a listed term), and before a distinguishing word and its noun', () => {
    expect(editAt('建立了非线性控制系统模型。', '控制系统')).toBe('建立了非线性控制系统的模型。');
    expect(editAt('观察大鼠肝再生。', '大鼠', ['肝再生'])).toBe('观察大鼠的肝再生。');
    expect(editAt('测量全瓷冠边缘总厚度。', '边缘')).toBe('测量全瓷冠边缘的总厚度。');
  });

  it('的 before a verb its noun is the object of, and 地 before a verb, are dropped', () => {
    expect(editAt('加强对旅游资源的挖掘。', '的')).toBe('加强对旅游资源挖掘。');
    expect(editAt('会议成功地举行。', '地')).toBe('会议成功举行。');
  });
});

describe('determinism', () => {
  const text = '为了提高模型的识别精度，本文采用卷积神经网络对遥感图像进行了分类，并通过对比实验验证了该方法的有效性。结果表明，分类精度提高了12.5%。';

  it('the same seed gives the same rewrite; another seed may differ', async () => {
    const a = await rewriteParagraph(text, { mode: 'smart', seed: 42 });
    const b = await rewriteParagraph(text, { mode: 'smart', seed: 42 });
    expect(b).toEqual(a);
    const others = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) others.add((await rewriteParagraph(text, { mode: 'smart', seed })).rewritten);
    expect(others.size).toBeGreaterThan(1);
  });

  it('a document is rewritten the same way twice, each paragraph with its own seed', async () => {
    const doc = `${text}\n\n${text}`;
    const first = await rewriteDocument(doc, { mode: 'smart', seed: 9 });
    const second = await rewriteDocument(doc, { mode: 'smart', seed: 9 });
    expect(second).toEqual(first);
    expect(first.offline).toBe(true);
    expect(first.paragraphs.map((p) => p.index)).toEqual([0, 1]);
    expect(paragraphSeed(9, 0)).not.toBe(paragraphSeed(9, 1));
  });

  it('the seeded generator repeats itself', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it('headings and labels shorter than 8 characters are kept as they are', async () => {
    const p = await rewriteParagraph('第一章 绪论', { mode: 'smart' });
    expect(p.rewritten).toBe('第一章 绪论');
    expect(p.bigramOverlap).toBe(1);
  });
});

describe('figures', () => {
  it('similarity is the share of the rewrite in runs of 13+ shared characters', () => {
    const a = '网络舆情的传播速度和影响范围不断扩大';
    expect(similarityToOriginal(a, a)).toBe(1);
    expect(similarityToOriginal(a, '完全不同的一句话')).toBe(0);
    expect(similarityToOriginal(a, `网络舆情的传播速度和影响范围${'，另有说明'}`)).toBeCloseTo(14 / 18, 5);
  });

  it('bigram overlap is 1 for the same text and 0 for nothing shared; length ratio in characters', () => {
    expect(bigramOverlap('研究方法', '研究方法')).toBe(1);
    expect(bigramOverlap('研究方法', '天气晴朗')).toBe(0);
    expect(lengthRatio('研究方法', '研究方法研究方法')).toBe(2);
  });
});

describe('paragraph alignment', () => {
  const originals = ['本文研究了网络舆情的传播规律和演化机制。', '实验结果表明该模型的预测精度较高。', '最后总结了全文并展望了未来的工作。'];

  it('pairs rewritten paragraphs one to one in order', () => {
    const rewrites = ['本文探讨了网络舆情的传播规律与演化机制。', '实验结果说明该模型预测精度较高。', '最后对全文作了总结并展望了未来工作。'];
    expect(alignParagraphs(originals, rewrites).map((p) => [p.original, p.rewritten])).toEqual([
      [[0], [0]],
      [[1], [1]],
      [[2], [2]],
    ]);
  });

  it('finds a paragraph split in two and two joined into one', () => {
    const split = ['本文研究了网络舆情的传播规律。', '同时研究了其演化机制。', '实验结果表明该模型的预测精度较高。最后总结了全文并展望了未来的工作。'];
    const pairs = alignParagraphs(originals, split).map((p) => [p.original, p.rewritten]);
    expect(pairs).toEqual([
      [[0], [0, 1]],
      [[1, 2], [2]],
    ]);
  });

  it('lists a dropped and an added paragraph with an empty other side', () => {
    const rewrites = ['本文研究了网络舆情的传播规律和演化机制。', '最后总结了全文并展望了未来的工作。', '致谢：感谢导师的悉心指导与帮助。'];
    const pairs = alignParagraphs(originals, rewrites).map((p) => [p.original, p.rewritten]);
    expect(pairs).toContainEqual([[1], []]);
    expect(pairs).toContainEqual([[], [2]]);
    expect(pairs[0]).toEqual([[0], [0]]);
  });
});
