import { describe, expect, it } from 'vitest';
import { documentStructure } from './structure';

// What each line of a thesis is: only body paragraphs are rewritten.

const THESIS = [
  '基于深度学习的遥感图像分类方法研究',
  '摘要',
  '遥感图像分类是遥感应用的基础，本文提出了一种基于卷积神经网络的分类方法。',
  '关键词：遥感图像；卷积神经网络；图像分类',
  '第1章 绪论',
  '1.1 研究背景',
  '随着遥感技术的发展，高分辨率遥感图像的获取变得越来越容易。',
  '（一）研究现状',
  '2、人事管理制度改革',
  '图1 网络结构示意图',
  '表2-1 实验数据集',
  'y = W x + b    (1)',
  'for (int i = 0; i < n; i++) { sum += a[i]; }',
  'Remote sensing image classification is a fundamental task.',
  '训练集',
  '参考文献',
  '[1] 张明. 遥感图像分类研究[J]. 测绘学报, 2019, 48(3): 12-20.',
  '王华. 深度学习[M]. 北京: 科学出版社, 2018.',
  '致谢',
  '感谢导师在论文写作过程中给予的悉心指导。',
].join('\n');

describe('documentStructure', () => {
  it('names the role of every paragraph of a thesis', () => {
    const { roles } = documentStructure(THESIS);
    expect(roles).toEqual([
      'title',
      'heading',
      'body',
      'keywords',
      'heading',
      'heading',
      'body',
      'heading',
      'heading',
      'caption',
      'caption',
      'formula',
      'code',
      'latin',
      'short-line',
      'references',
      'references',
      'references',
      'back-matter',
      'back-matter',
    ]);
  });

  it('rewrites 致谢 and 附录 only when asked; the references stay in any case', () => {
    const { roles } = documentStructure(THESIS, { backMatter: true });
    expect(roles.slice(15, 18)).toEqual(['references', 'references', 'references']);
    expect(roles.slice(18)).toEqual(['heading', 'body']);
  });

  it('takes the given title wherever it stands, and a short first line as the title otherwise', () => {
    expect(documentStructure('封面信息\n基于深度学习的遥感图像分类方法研究\n正文第一段，说明研究的意义。', { title: '基于深度学习的遥感图像分类方法研究' }).roles[1]).toBe('title');
    expect(documentStructure('本文提出了一种方法。\n第二段说明实验。').roles).toEqual(['body', 'body']);
  });

  it('a reference entry is kept even without a 参考文献 heading, and an inline 摘要： paragraph is body', () => {
    const { roles } = documentStructure('摘要：本文研究了遥感图像分类问题，提出了新的方法。\n[3] 李四. 图像处理[J]. 计算机学报, 2020(2): 1-9.');
    expect(roles).toEqual(['body', 'references']);
  });
});
