import type { PaperDocument } from '../docx';
import { outlineRows } from '../outline';
import { normalizeReferences } from '../references';
import { outlineTemplate } from '../templates';

// A bachelor thesis of about 12 000 characters as the writing engine fills it (the template outline, every
// section a few paragraphs, a 1.1.1 sub-heading, the user's references), for `npm run check:docx`.

const SENTENCES = [
  '本研究围绕中文文本相似度计算展开，系统梳理了基于字符、词语与语义表示的多种方法[1]。',
  '实验部分在公开数据集上比较了不同方法的准确率与运行效率，并分析了参数选择对结果的影响。',
  '结果表明，结合字词粒度特征的方法在短文本上表现稳定，但在长文本上仍需改进。',
  '在此基础上，本文讨论了方法的适用范围，并对后续研究方向提出了建议[2]。',
];

export function samplePaper(): PaperDocument {
  const { outline } = outlineTemplate('bachelor', '计算机科学与技术', 12_000);
  const rows = outlineRows(outline);
  const paragraph = (i: number) => Array.from({ length: 4 }, (_, k) => SENTENCES[(i + k) % SENTENCES.length]).join('');
  return {
    title: '基于深度学习的中文文本相似度研究',
    author: '张三',
    institution: '某某大学计算机学院',
    kind: '本科毕业论文',
    date: '2026年11月',
    abstract: `${paragraph(0)}\n${paragraph(1)}`,
    keywords: ['文本相似度', '深度学习', '语义表示'],
    englishAbstract: 'This thesis studies Chinese text similarity, compares character, word and semantic methods on public data sets, and discusses where each of them applies.',
    englishKeywords: ['text similarity', 'deep learning'],
    sections: rows.map((r, i) => ({
      level: r.level,
      heading: r.heading,
      content: r.writes ? [0, 1, 2, 3].map((k) => paragraph(i + k)).join('\n') + (i === 1 ? `\n1.1.1 研究问题\n${paragraph(i)}` : '') : '',
    })),
    references: normalizeReferences([
      '[1] 王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
      '[2] 张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
      '[3] 刘洋. 中文文本复述识别研究[D]. 北京: 北京大学, 2019.',
    ]),
    acknowledgement: '感谢指导教师在论文写作过程中给予的悉心指导，感谢家人和同学的支持。',
  };
}
