import { describe, expect, it } from 'vitest';
import { alignParagraphs } from './align';
import { rewriteDocument, rewriteParagraph } from './index';
import { bigramOverlap, lengthRatio, similarityToOriginal } from './measure';
import { paragraphSeed, seededRandom } from './random';
import { findProtectedSpans } from './protect';
import { allowed, objectHead, rewriteSentences, smartRewriteText, toPieces, type SmartSettings } from './smart';
import { SYNONYMS } from './synonyms';

// The offline engine's edits one by one: each structure transform alone, each substitution rule (part of
// speech, position, neighbours, collocation), sentence statuses, determinism for a seed, the figures, and
// paragraph alignment.

const STRUCTURE: SmartSettings = { substitute: 0, transform: 1 };
const SUBSTITUTE: SmartSettings = { substitute: 1, transform: 0 };
const NOTHING: SmartSettings = { substitute: 0, transform: 0 };
const structure = (text: string, seed = 7) => smartRewriteText(text, seed, [], STRUCTURE);

/** Whether the dictionary word at its first occurrence in `text` may take an alternative there. */
function mayReplace(text: string, word: string): boolean {
  const pieces = toPieces(text, findProtectedSpans(text));
  const i = pieces.findIndex((p) => p.text === word && !p.fixed);
  expect(i, `${word} in ${text}`).toBeGreaterThanOrEqual(0);
  return allowed(SYNONYMS.get(word)!, pieces, i);
}

describe('structure transforms, only where the grammar is recognised', () => {
  it('为了A，B。 → B，以A。 (B has its subject)', () => {
    expect(structure('为了提高模型的识别精度，本文设计了一种新的特征提取方法。')).toBe('本文设计了一种新的特征提取方法，以提高模型的识别精度。');
    expect(structure('为了提高识别精度，设计了一种新的方法。')).toBe('为了提高识别精度，设计了一种新的方法。');
  });

  it('由于A，因此B。 → B，原因在于A。', () => {
    expect(structure('由于样本数量有限，因此结论需要进一步验证。')).toBe('结论需要进一步验证，原因在于样本数量有限。');
  });

  it('虽然A，但B。 → B，尽管A。, not when B opens with a pronoun that points back', () => {
    expect(structure('虽然该方法计算量较大，但准确率明显高于传统方法。')).toBe('准确率明显高于传统方法，尽管该方法计算量较大。');
    expect(structure('虽然该方法计算量较大，但其准确率明显高于传统方法。')).toBe('虽然该方法计算量较大，但其准确率明显高于传统方法。');
  });

  it('对X进行V is left alone with a pronoun object (求解其。 is no sentence)', () => {
    expect(structure('并通过最优化的方法对其进行求解。')).toBe('并通过最优化的方法对其进行求解。');
    expect(structure('该模型对实验数据进行了分析。')).toBe('该模型分析了实验数据。');
  });

  it('对X进行(了)V → V(了)X', () => {
    expect(structure('本文对实验数据进行了分析。')).toBe('本文分析了实验数据。');
  });

  it('对X进行V is left alone when V heads a list of verbs (学习了X、研读 strands the second)', () => {
    expect(structure('本文对有关人才培养理念的系列问题进行了学习、研读，同时进行了梳理。')).toBe('本文对有关人才培养理念的系列问题进行了学习、研读，同时进行了梳理。');
  });

  it('以X为Y → 将X作为Y, but not a set phrase (以X为例) nor a modifier (以X为核心的Y)', () => {
    expect(structure('以标准模型上颌左中切牙为基牙制备代型。')).toBe('将标准模型上颌左中切牙作为基牙制备代型。');
    expect(structure('本文以某市为例进行分析。')).toBe('本文以某市为例进行分析。');
    expect(structure('设计了以单片机为核心的测控仪表。')).toBe('设计了以单片机为核心的测控仪表。');
  });

  it('no longer splits a sentence with a forced 在此基础上, nor joins sentences', () => {
    const text = '本文提出了一种基于深度学习和注意力机制的遥感图像语义分割方法，并在三个公开数据集上系统地验证了该方法的有效性和鲁棒性。实验采用随机分组。结果良好。';
    for (let seed = 0; seed < 20; seed++) {
      const out = smartRewriteText(text, seed, [], { substitute: 1, transform: 1 });
      expect(out).not.toContain('在此基础上');
      expect(out.match(/。/gu)).toHaveLength(3);
    }
  });

  it('nothing changes with every step turned off', () => {
    const text = '为了提高模型的识别精度，本文对实验数据进行了分析。';
    expect(smartRewriteText(text, 3, [], NOTHING)).toBe(text);
  });
});

describe('synonym substitution rules', () => {
  it('replaces dictionary words by one of their alternatives, keeping the rest', () => {
    const text = '本研究采用问卷调查方法，因此结果具有代表性。';
    const out = smartRewriteText(text, 3, [], SUBSTITUTE);
    expect(out).not.toBe(text);
    expect(out.startsWith('本研究')).toBe(true);
    expect(out.endsWith('代表性。')).toBe(true);
    expect(out).toContain('具有代表性');
  });

  it('a connective only at the start of a clause', () => {
    expect(mayReplace('因此，结果具有代表性。', '因此')).toBe(true);
    expect(mayReplace('结果因此具有代表性。', '因此')).toBe(false);
  });

  it('never inside a longer word: a one-character neighbour that is no function word blocks it (加/用, 云/计算)', () => {
    expect(mayReplace('在常规治疗基础上加用中药汤剂治疗。', '用')).toBe(false);
    expect(mayReplace('对照组用常规方法治疗。', '用')).toBe(true);
  });

  it('an adverb only before what it can modify; 更/较 only before a word of two characters', () => {
    expect(mayReplace('该方法的性能更 优。', '更')).toBe(false);
    expect(mayReplace('结果更准确。', '更')).toBe(true);
  });

  it('a preposition is a noun after 的, and needs its object (提供科学的依据, 参考依据)', () => {
    expect(mayReplace('为临床治疗提供科学的依据。', '依据')).toBe(false);
    expect(mayReplace('依据调查结果，提出建议。', '依据')).toBe(true);
  });

  it('a verb used as a noun stays (树种选择及其…), a verb with its object may change', () => {
    expect(mayReplace('提出了树种选择及其适地适树的原则。', '选择')).toBe(false);
    expect(mayReplace('研究者选择了三个样地。', '选择')).toBe(true);
  });

  it('collocations: 发挥作用 → 起到作用 but never 发挥优势; 具有意义 stays; 提高温度 stays', () => {
    expect(mayReplace('该药物发挥了重要作用。', '发挥')).toBe(true);
    expect(mayReplace('该地区发挥了资源优势。', '发挥')).toBe(false);
    expect(mayReplace('该研究具有重要的理论意义。', '具有')).toBe(false);
    expect(mayReplace('该方法具有较好的鲁棒性。', '具有')).toBe(true);
    expect(mayReplace('实验中提高了反应温度。', '提高')).toBe(false);
    expect(mayReplace('有效提高了识别精度。', '提高')).toBe(true);
  });

  it('rules found by reading the bench’s rewrites as an editor would', () => {
    // A verb that is the object of a light verb or of 以 is named, not done (进行对比模拟, 给定义以介绍).
    expect(mayReplace('对不同参数进行对比模拟。', '对比')).toBe(false);
    expect(mayReplace('给数十个定义以介绍和评价。', '介绍')).toBe(false);
    // 通过 the verb (能够通过铁路枢纽的车流量) and 通过 in a term (通过能力) stay; 通过 the means may change.
    expect(mayReplace('以能够通过铁路枢纽的车流量最大为目标函数。', '通过')).toBe(false);
    expect(mayReplace('给出铁路枢纽通过能力的定义。', '通过')).toBe(false);
    expect(mayReplace('通过实验验证了该方法的有效性。', '通过')).toBe(true);
    // 较 comparing (较常年同期偏高) is no adverb of degree; 对比实验 is a compound.
    expect(mayReplace('平均气温较常年同期偏高。', '较')).toBe(false);
    expect(mayReplace('对比实验结果表明该方法有效。', '对比')).toBe(false);
    // 具有 becomes 具备 only before what one can possess (能力, 稳定性), never 具有毒性 or a relative clause.
    expect(mayReplace('该方法具有较好的稳定性。', '具有')).toBe(true);
    expect(mayReplace('是一个具有中低渗透率的岩性油藏。', '具有')).toBe(false);
    // 得到普及 is no 获得普及: 得到 changes only before a noun.
    expect(mayReplace('牛耕得到广泛普及。', '得到')).toBe(false);
    expect(mayReplace('计算得到了较好的结果。', '得到')).toBe(true);
    // 运用 takes a method, a technique, knowledge: never a material, a setting or a way of hanging (运用新型注浆浆液).
    expect(mayReplace('采用PID和相位补偿相结合的控制方法。', '采用')).toBe(true);
    expect(mayReplace('且采用新型同步注浆浆液后沉降稳定。', '采用')).toBe(false);
    expect(mayReplace('车下设备采用弹性吊挂时频率提升。', '采用')).toBe(false);
    expect(mayReplace('认为本区采用-20目的土壤样品筛分粒级是可行的。', '采用')).toBe(false);
    // 选取 picks things, never a course of action (选择采用…的方案 stays).
    expect(mayReplace('最后选择采用导洞施工的设计方案。', '选择')).toBe(false);
    expect(mayReplace('选择合适的样本进行试验。', '选择')).toBe(true);
    // 不仅…，而且… is a pair: 而且 stays there, changes elsewhere; 获取时间 is a noun (acquisition time), 获取数据 a verb.
    expect(mayReplace('该方法不仅克服了已有方法的不足，而且具有很高的精度。', '而且')).toBe(false);
    expect(mayReplace('该方法简单，而且具有很高的精度。', '而且')).toBe(true);
    expect(mayReplace('控制器参数获取时间长。', '获取')).toBe(false);
    expect(mayReplace('激光雷达能够获取目标的距离信息。', '获取')).toBe(true);
    // From the held-out review: 并没有 is no 并且没有; 更应该 no 更加应该; 借助 takes a means, not an action (通过系统梳理…).
    expect(mayReplace('我国大部分城市并没有达到最优规模。', '并')).toBe(false);
    expect(mayReplace('法院更应该评估客观损害。', '更')).toBe(false);
    expect(mayReplace('通过系统梳理案件审理中一般条款的适用逻辑，法院应当考量。', '通过')).toBe(false);
  });

  it('rules from the seed-3 review (read after the seed-2 fixes)', () => {
    // A verb a one-character suffix closes into a noun (需求型, 生成率) is no predicate: 最终需求 (final demand) stays.
    expect(mayReplace('生态旅游作为最终需求型产业,其发展对当地乡村经济产生深刻影响.', '最终')).toBe(false);
    expect(mayReplace('该体系最终形成了稳定的结构。', '最终')).toBe(true);
    // 可以看到 / 可以说 say what the reader may conclude, not what one is able to do: no 能够看到.
    expect(mayReplace('回顾过去一年我国的刑法学研究,可以看到,研究方法越来越科学.', '可以')).toBe(false);
    expect(mayReplace('该涂层可以有效降低渗透性能.', '可以')).toBe(true);
    // 既能…又能… is a pair: neither 能 becomes 能够.
    expect(mayReplace('在活性污泥中既能累积聚磷酸盐又能积累聚-β-羟基丁酸盐的细菌.', '能')).toBe(false);
    const pieces = toPieces('在活性污泥中既能累积聚磷酸盐又能积累羟基丁酸盐.', []);
    expect(allowed(SYNONYMS.get('能')!, pieces, pieces.findLastIndex((p) => p.text === '能'))).toBe(false);
    // 各类故障类型 says 类 twice: 各种 stays before a kind of things.
    expect(mayReplace('采用故障仿真法得出该配电网各种故障类型下电压暂降凹陷域.', '各种')).toBe(false);
    expect(mayReplace('比较了各种模型的预测精度.', '各种')).toBe(true);
    // 用 spending time is no 采用 (采用大量时间读经).
    expect(mayReplace('要求少年儿童用大量时间读经.', '用')).toBe(false);
    expect(mayReplace('本文用文献资料法研究了该问题.', '用')).toBe(true);
  });

  it('no alternative doubles the character beside it, nor repeats a word of its sentence', () => {
    for (let seed = 0; seed < 30; seed++) {
      const out = smartRewriteText('两组均不可能造成致癌健康影响，借助该模型并通过实验验证了结论。', seed, [], SUBSTITUTE);
      expect(out).not.toContain('导致致癌');
      expect(out.match(/借助/gu)).toHaveLength(1);
    }
  });

  it('以X为Y is left alone when a parallel phrase follows (以A为B，C为D)', () => {
    expect(structure('将格雷码作为数值码。')).toBe('将格雷码作为数值码。');
    expect(structure('以格雷码为数值码，固定宽度的码元为参考码。')).toBe('以格雷码为数值码，固定宽度的码元为参考码。');
  });

  it('finds the head noun of an object through 的, modifiers and coordination', () => {
    const head = (text: string, word: string) => {
      const pieces = toPieces(text, []);
      return objectHead(pieces, pieces.findIndex((p) => p.text === word));
    };
    expect(head('提出了一种基于深度学习的图像分割方法，', '提出')).toMatch(/方法$/u);
    expect(head('提供科学的依据。', '提供')).toBe('依据');
    expect(head('具有高产、高淀粉等特点。', '具有')).toBe('特点');
    expect(head('已经引起国内外造船界的广泛关注。', '引起')).toBe('关注');
  });
});

describe('sentence by sentence', () => {
  it('each sentence is rewritten or kept with its reason, in code points of the original', () => {
    const text = '本文采用问卷调查法收集数据。“知行合一”。该模型在𠀀数据集上取得了较好的效果。';
    const { text: out, sentences } = rewriteSentences(text, findProtectedSpans(text), [], 1, SUBSTITUTE);
    expect(sentences.map((s) => s.status)).toEqual(['rewritten', 'kept', 'rewritten']);
    expect(sentences[1].reason).toBe('protected');
    expect(sentences[2].end).toBe([...text].length);
    expect(out).toContain('“知行合一”。');
  });

  it('a sentence with no safe edit stays as it was and says so', () => {
    const text = '包裹体的均一温度为200℃。';
    const { text: out, sentences } = rewriteSentences(text, findProtectedSpans(text), [], 1, SUBSTITUTE);
    expect(out).toBe(text);
    expect(sentences).toEqual([{ start: 0, end: [...text].length, status: 'kept', reason: 'no-safe-edit' }]);
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

  it('a heading on its own is kept as it is, with its reason', async () => {
    const p = await rewriteParagraph('第一章 绪论', { mode: 'smart' });
    expect(p.rewritten).toBe('第一章 绪论');
    expect(p.changed).toBe(false);
    expect(p.sentences).toEqual([{ start: 0, end: 6, status: 'kept', reason: 'heading' }]);
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
