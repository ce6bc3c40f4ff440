import type { Slide } from './deck';
import { layoutDeck } from './layout';
import { slideSvg } from './svg';
import type { SlideTemplate } from './templates';

export interface CoverInfo {
  title: string;
  speaker?: string;
  supervisor?: string;
  institution?: string;
  /** e.g. 2026年5月 */
  date?: string;
}

/** The cover's lines under the title. */
export function coverLines(info: CoverInfo): string[] {
  return [
    `汇报人：${info.speaker?.trim() || '（姓名）'}`,
    `指导教师：${info.supervisor?.trim() || '（导师）'}`,
    info.institution?.trim() || '（学校 学院）',
    info.date?.trim() || '（答辩日期）',
  ];
}

export interface DeckSection {
  /** 研究背景, 研究方法 ... */
  title: string;
  bullets: string[];
  notes: string;
}

/** The parts a defence deck has, in order, with what each says when nothing is known yet. */
export const DEFENCE_SECTIONS: DeckSection[] = [
  {
    title: '研究背景与意义',
    bullets: ['研究问题的来源与现实需求', '国内外研究现状与不足', '本文的研究目标与意义'],
    notes: '用一分钟说明为什么做这个研究：问题从哪里来，现有工作缺什么，本文要解决什么。',
  },
  {
    title: '研究方法',
    bullets: ['总体技术路线', '关键方法与模型设计', '数据来源与实验设置'],
    notes: '讲清楚怎么做的：先给总体路线，再讲一到两个关键设计，最后说明数据和实验条件。',
  },
  {
    title: '实验结果与分析',
    bullets: ['主要实验结果', '与基线方法的对比', '结果分析与讨论'],
    notes: '先给结论性的数字，再解释对比和原因；图表上的关键数字要读出来。',
  },
  {
    title: '结论与展望',
    bullets: ['本文的主要工作与结论', '创新点', '不足与后续工作'],
    notes: '用三句话总结全文，并坦诚说明不足和下一步计划。',
  },
];

/**
 * A defence deck: cover (title, 汇报人, 指导教师, 单位, 日期), 目录, one slide per part (背景, 方法, 结果,
 * 结论 by default), 致谢. One idea per slide; every slide has speaker notes.
 */
export function defenceDeck(info: CoverInfo, sections: DeckSection[] = DEFENCE_SECTIONS): Slide[] {
  return [
    { layout: 'cover', title: info.title, bullets: coverLines(info), notes: `开场：各位老师好，我是${info.speaker?.trim() || '答辩人'}，我的论文题目是《${info.title}》。` },
    { layout: 'toc', title: '目录', bullets: sections.map((s) => s.title), notes: `本次汇报分为${sections.length}个部分。` },
    ...sections.map((s): Slide => ({ layout: s.title.includes('结论') ? 'summary' : 'content', title: s.title, bullets: s.bullets, notes: s.notes })),
    { layout: 'ending', title: '谢谢！敬请各位老师批评指正', bullets: ['感谢导师的悉心指导', '感谢各位评审老师'], notes: '致谢并请老师提问。' },
  ];
}

/** The sample deck every template previews with. */
export function sampleDeck(): Slide[] {
  return [
    ...defenceDeck({ title: '基于深度学习的中文文本相似度研究', speaker: '张三', supervisor: '李四 教授', institution: '某某大学 计算机学院', date: '2026年5月' }),
    { layout: 'two-column', title: '方法对比', bullets: ['字词双粒度编码', '交互注意力', '单一粒度编码', '无交互'], notes: '', columnTitles: ['本文方法', '基线方法'] },
    { layout: 'table', title: '实验结果', bullets: [], notes: '', table: { header: ['模型', 'LCQMC', 'BQ'], rows: [['BERT', '85.7%', '83.2%'], ['本文方法', '87.6%', '85.1%']] } },
    { layout: 'chart', title: '准确率对比', bullets: [], notes: '', chart: { kind: 'bar', categories: ['LCQMC', 'BQ'], series: [{ name: 'BERT', values: [85.7, 83.2] }, { name: '本文方法', values: [87.6, 85.1] }] } },
    { layout: 'section', title: '第三部分 实验', bullets: ['数据、设置与结果'], notes: '' },
  ];
}

/** A template's preview image: the sample deck's cover drawn in it. */
export function templatePreviewSvg(template: SlideTemplate): string {
  return slideSvg(layoutDeck(sampleDeck().slice(0, 1), template)[0]);
}
