import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LlmGateway, LlmRequest } from '../llm';
import { rewriteDocument } from './index';
import { PARAGRAPH_END, PARAGRAPH_START } from './prompts';
import { findProtectedSpans, hasPlaceholderMarks, keepsProtected, maskSpans, missingSpans, unmaskText } from './protect';
import { documentStructure } from './structure';
import { documentTerms } from './terms';
import { lostTerms } from './term-check';
import { REWRITE_MODES } from './types';

// Property tests of the first rule, do no harm: whatever the document, the seed and the mode (offline, or a
// model whose candidates break things), the title, headings, captions, 关键词, references and what follows
// them, formulas and code come back byte for byte; in the paragraphs that are rewritten, numbers with
// units, Latin text, citation marks, list markers, quotations, names, fixed phrases and every term stay
// whole; no term is ever split or infixed. Documents are drawn from academic clauses that tempt every edit
// the engine knows, with protected pieces mixed in.

const CLAUSES = [
  '本文提出了一种基于深度学习的图像分割方法',
  '为了提高模型的识别精度',
  '由于样本数量有限',
  '研究人员对实验数据进行了分析',
  '结果表明该方法具有较好的鲁棒性',
  '虽然计算量较大',
  '但其准确率高于传统方法',
  '因此需要进一步研究',
  '采用问卷调查和访谈相结合的方式',
  '通过对比分析不同参数下的性能',
  '该模型把注意力机制引入编码器',
  '以标准模型为基础制备代型',
  '为临床治疗提供科学的依据',
  '包裹体的均一温度较高',
  '术后疼痛肿胀的程度减轻',
  '利用云计算平台降低运维成本',
  '并采用梯度下降法训练大语言模型',
  '两组患者的治疗效果差异有统计学意义',
  '此外可以利用钢筋混凝土灌注桩提高承载力',
];
const PROTECTED = [
  '12.5%', '3 000 kg', '136例', 'P<0.05', 'y = ax + b', 'BERT', 'ResNet-50', '[1]', '[3, 4]', '［12］', '“以人为本”', '《国际新闻界》',
  '「知行合一」', 'α=0.01', '2019年', '95%置信区间', 'CO2', '北京大学', '张明',
];
const USER_TERMS = ['知识图谱', '碳中和', '乡村振兴'];
const PUNCT = ['，', '。', '；', '：'];
const MARKERS = ['1、', '（2）', '3.', '①'];

const sentence = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...CLAUSES) },
      { weight: 2, arbitrary: fc.constantFrom(...PROTECTED) },
      { weight: 1, arbitrary: fc.constantFrom(...USER_TERMS) },
      { weight: 2, arbitrary: fc.constantFrom(...PUNCT) },
    ),
    { minLength: 1, maxLength: 10 },
  )
  .map((parts) => `${parts.join('')}。`);
const body = fc.tuple(fc.option(fc.constantFrom(...MARKERS), { nil: '' }), fc.array(sentence, { minLength: 1, maxLength: 4 })).map(([marker, s]) => marker + s.join(''));

const TITLES = ['基于深度学习的遥感图像分类方法研究', '采用梯度下降法提高大语言模型训练效率的研究', '云计算环境下企业信息化建设研究'];
const HEADINGS = ['第1章 绪论', '1.1 研究背景', '（一）研究方法', '二、实验设计', '2、人事管理制度改革', '结论'];
const CAPTIONS = ['图1 采用卷积神经网络的系统结构', '表2 两组患者治疗前后疼痛评分比较'];
const FORMULAS = ['y = W x + b    (1)', 'L = -∑ p log q    (2)'];
const REFERENCES = [
  '[1] 张明. 传播效果评价研究[J]. 国际新闻界, 2019, 41(3): 12-20.',
  '[2] 王强. 采用深度学习提高图像识别精度的研究[J]. 计算机学报, 2020, 43(2): 1-9.',
  '[3] 李华. 因此需要进一步研究的若干问题[M]. 北京: 科学出版社, 2018.',
];
const BACK = ['感谢导师在论文写作过程中给予的悉心指导，因此本文得以完成。', '此外，感谢实验室同学的帮助。'];

/** A thesis-like document: title, front lines, body with headings and captions, references and back matter. */
const document = fc
  .tuple(
    fc.constantFrom(...TITLES),
    fc.array(fc.oneof({ weight: 4, arbitrary: body }, { weight: 1, arbitrary: fc.constantFrom(...HEADINGS, ...CAPTIONS, ...FORMULAS) }), { minLength: 1, maxLength: 5 }),
    fc.subarray(USER_TERMS),
    fc.subarray(REFERENCES, { minLength: 1 }),
    fc.subarray(BACK),
  )
  .map(([title, middle, keywords, references, back]) =>
    [title, ...(keywords.length ? [`关键词：${keywords.join('；')}`] : []), ...middle, '参考文献', ...references, ...(back.length ? ['致谢', ...back] : [])].join('\n'),
  );

/** What must hold of any rewrite of `text`. */
function expectNoHarm(text: string, paragraphs: string[], title: string) {
  const structure = documentStructure(text, { title });
  const terms = documentTerms(structure.paragraphs, structure.roles, { userTerms: USER_TERMS, title });
  expect(paragraphs).toHaveLength(structure.paragraphs.length);
  structure.paragraphs.forEach((original, i) => {
    const rewritten = paragraphs[i];
    if (structure.roles[i] !== 'body') expect(rewritten).toBe(original);
    const spans = findProtectedSpans(original, { terms: USER_TERMS, documentTerms: terms });
    expect(missingSpans(spans, rewritten)).toEqual([]);
    for (const p of PROTECTED.filter((x) => original.includes(x))) expect(rewritten).toContain(p);
    for (const marker of MARKERS) if (original.startsWith(marker)) expect(rewritten.startsWith(marker)).toBe(true);
    expect(lostTerms(original, rewritten, terms)).toEqual([]);
  });
}

/** A model that breaks things: drops or repeats a placeholder, puts 的 inside a term, swaps words inside terms, or answers well. */
function hostileGateway(): LlmGateway {
  let call = 0;
  const answers: Array<(masked: string, terms: string[]) => string> = [
    (m) => m.replace(/⟦\d+⟧/u, ''),
    (m) => `${m}⟦1⟧`,
    (m, terms) => terms.reduce((t, term) => t.replaceAll(term, [...term].join('的')), m),
    (m) => m.replaceAll('计算', '推算').replaceAll('下降', '降低').replaceAll('依据', '按照').replaceAll('模型', '的模型'),
    (m) => m.replaceAll('采用', '运用').replaceAll('因此', '因而'),
  ];
  const gateway: LlmGateway = {
    configured: () => true,
    model: () => 'hostile',
    models: () => ({ chat: null, rewrite: 'hostile', writing: null, slides: null }),
    stream: () => {
      throw new Error('not used');
    },
    complete: async (request: LlmRequest) => {
      const user = request.messages[request.messages.length - 1].content;
      const masked = user.slice(user.indexOf(PARAGRAPH_START) + PARAGRAPH_START.length, user.indexOf(PARAGRAPH_END)).trim();
      const listed = /以下术语必须原样保留：(.*)/u.exec(user)?.[1]?.split('、') ?? [];
      return { content: answers[call++ % answers.length](masked, listed), logprobs: [], record: {} as never };
    },
    supportsLogprobs: async () => false,
    load: () => ({ active: 0, queued: 0 }),
    forAccount: () => gateway,
  };
  return gateway;
}

describe('do no harm (property tests)', () => {
  it('offline: nothing never-rewritten changes and no term is split, whatever the document, seed and mode', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(...REWRITE_MODES), async (text, seed, mode) => {
        const title = text.split('\n')[0];
        const result = await rewriteDocument(text, { mode, seed, protectedTerms: USER_TERMS, title });
        expectNoHarm(text, result.paragraphs.map((p) => p.rewritten), title);
        for (const p of result.paragraphs) expect(p.protectedKept).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('with a model whose candidates break things: every broken candidate is refused, nothing protected changes', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom('rewrite', 'strong', 'polish', 'aigc', 'cnki'), async (text, seed, mode) => {
        const title = text.split('\n')[0];
        const result = await rewriteDocument(text, { mode: mode as 'rewrite', seed, protectedTerms: USER_TERMS, title, gateway: hostileGateway(), candidates: 5 });
        expectNoHarm(text, result.paragraphs.map((p) => p.rewritten), title);
      }),
      { numRuns: 30 },
    );
  });

  it('every sentence of every paragraph has a status, rewritten ones only in body paragraphs', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.integer({ min: 0, max: 1000 }), async (text, seed) => {
        const result = await rewriteDocument(text, { mode: 'strong', seed, title: text.split('\n')[0] });
        for (const p of result.paragraphs) {
          expect(p.sentences.length).toBeGreaterThan(0);
          expect(p.sentences[0].start).toBe(0);
          expect(p.sentences[p.sentences.length - 1].end).toBe([...p.original].length);
          for (const s of p.sentences) expect(s.status === 'kept').toBe(s.reason !== undefined);
          if (p.role !== 'body') expect(p.sentences.every((s) => s.reason === p.role)).toBe(true);
          if (p.sentences.every((s) => s.status === 'kept')) expect(p.rewritten).toBe(p.original);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('protected spans', () => {
  it('finds numbers with units, formulas, Latin text, citations, markers, labels, quotations, names, listed terms and fixed phrases', () => {
    const text = '目的：本文在BERT的基础上引入知识图谱[1]，（1）共纳入136例患者，治疗有效率为92.5%，P<0.05，差异有统计学意义，即“以人为本”的理念，见《国际新闻界》，y = ax + b。';
    const spans = findProtectedSpans(text, { terms: ['知识图谱'] });
    const byText = new Map(spans.map((s) => [s.text, s.kind]));
    expect(byText.get('目的：')).toBe('label');
    expect(byText.get('BERT')).toBe('latin');
    expect(byText.get('知识图谱')).toBe('term');
    expect(byText.get('[1]')).toBe('citation');
    expect(byText.get('（1）')).toBe('marker');
    expect(byText.get('136例')).toBe('number');
    expect(byText.get('92.5%')).toBe('number');
    expect(byText.get('P<0.05')).toBe('formula');
    expect(byText.has('差异有统计学意义')).toBe(true);
    expect(byText.get('“以人为本”')).toBe('quote');
    expect(byText.get('《国际新闻界》')).toBe('quote');
    expect(byText.get('y = ax + b')).toBe('formula');
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('returns spans in order without overlaps', () => {
    fc.assert(
      fc.property(body, (text) => {
        const spans = findProtectedSpans(text, { terms: USER_TERMS });
        for (let i = 0; i < spans.length; i++) {
          expect(text.slice(spans[i].start, spans[i].end)).toBe(spans[i].text);
          if (i > 0) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
        }
      }),
      { numRuns: 100 },
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
      fc.property(body, (text) => {
        fc.pre(!hasPlaceholderMarks(text));
        const spans = findProtectedSpans(text, { terms: USER_TERMS });
        const masked = maskSpans(text, spans);
        expect(unmaskText(masked.text, masked.slots)).toBe(text);
        if (masked.slots.length) {
          expect(unmaskText(masked.text.replace('⟦1⟧', ''), masked.slots)).toBeNull();
          expect(unmaskText(`${masked.text}⟦1⟧`, masked.slots)).toBeNull();
        }
        expect(unmaskText(`${masked.text}⟦${masked.slots.length + 1}⟧`, masked.slots)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
