import { describe, expect, it } from 'vitest';
import { documentStructure } from './structure';
import { documentTerms, keywordsOf, termSpans } from './terms';

// Terms found without the student listing them.

describe('termSpans', () => {
  it('finds noun compounds whole, a verb or a suffix inside them included', () => {
    const spans = (text: string) => termSpans(text).map((s) => s.text);
    expect(spans('基于大语言模型的问答系统')).toContain('大语言模型');
    expect(spans('采用梯度下降法训练网络')[0]).toMatch(/^梯度下降法/u);
    expect(spans('钢筋混凝土灌注桩的承载力')).toEqual(['钢筋混凝土灌注桩', '承载力']);
    expect(spans('云计算技术的发展')).toEqual(['云计算技术']);
    expect(spans('传播效果评价研究')).toEqual(['传播效果评价研究']);
    // After a compound closed by its suffix a verb starts the predicate: 问卷调查法 | 收集数据.
    expect(spans('本文采用问卷调查法收集数据')).toEqual(['问卷调查法']);
  });

  it('does not run a clause together as one term through its verb', () => {
    const spans = termSpans('采用固定效应模型考察数字基础设施对农村电商交易规模的影响').map((s) => s.text);
    expect(spans.some((s) => s.includes('考察')), spans.join('|')).toBe(false);
    expect(spans).toContain('数字基础设施');
  });

  it('leaves out verbs that carry the clause and generic words of academic prose', () => {
    const spans = termSpans('对水运工程项目进行管理，结果表明效果较好').map((s) => s.text);
    expect(spans).toContain('水运工程项目');
    expect(spans.some((s) => s.includes('进行'))).toBe(false);
    expect(spans).not.toContain('结果表明');
  });

  it('gives offsets into the text', () => {
    const text = '本文研究了钢筋混凝土灌注桩。';
    for (const s of termSpans(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
});

describe('documentTerms', () => {
  it('reads the 关键词 line', () => {
    expect(keywordsOf('关键词：遥感图像；卷积神经网络, 图像分类、迁移学习')).toEqual(['遥感图像', '卷积神经网络', '图像分类', '迁移学习']);
    expect(keywordsOf('Key words: 知识图谱；推荐')).toEqual(['知识图谱', '推荐']);
  });

  it('collects keywords, title words, compounds, recurring compounds and the user’s terms, longest first', () => {
    const text = ['关于构建基层全民健身体系的研究', '本文提出构建基层全民健身体系的思路，深度学习方法被用于分析。深度学习方法效果好，深度学习方法成本低。', '关键词：全民健身；体育公共服务'].join('\n');
    const { paragraphs, roles } = documentStructure(text);
    const terms = documentTerms(paragraphs, roles, { userTerms: ['思路'] });
    for (const t of ['构建', '全民健身', '体育公共服务', '思路', '深度学习方法']) expect(terms).toContain(t);
    expect(terms).toEqual([...terms].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('takes the words of a title given apart from the text', () => {
    expect(documentTerms(['本文讨论若干问题。'], ['body'], { title: '论广告的全球化与本土化' })).toEqual(expect.arrayContaining(['全球化', '本土化', '广告']));
  });
});
