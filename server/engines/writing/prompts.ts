import type { LlmMessage } from '../llm/types';
import { guidanceFor } from './templates';
import { DEGREE_NAMES, type PaperBrief, type WritingUnit } from './types';

// The prompts. Marked 【墨研写作·…】 so logs (and the test model) can tell the kinds apart.

export const PROMPT_MARK = { outline: '【墨研写作·大纲】', section: '【墨研写作·章节】', abstract: '【墨研写作·摘要】', material: '【墨研写作·材料】' } as const;

export function writingSystemPrompt(referenceCount: number): string {
  return [
    '你是严谨的中文学术论文写作助手。',
    '只输出所要求部分的正文：不写标题，不写“参考文献”列表，不写与正文无关的说明。',
    referenceCount > 0
      ? `引用只能使用用户提供的参考文献，用 [1] 到 [${referenceCount}] 的编号标注；绝不编造文献、作者、编号或引文。`
      : '用户没有提供参考文献：不得出现任何 [n] 引用标记，也不得编造文献。',
    '不编造具体实验数据、统计结果或调查数字；需要数据处写“（数据请按实际研究填写）”。',
    '语言书面、客观，段落之间用换行分隔；需要三级标题时单独成行，写成“1.1.1 标题”的形式。',
  ].join('\n');
}

export function sectionTask(unit: WritingUnit, referenceCount: number): string {
  const guidance = guidanceFor(unit.points, unit.heading);
  return [
    `${PROMPT_MARK.section}现在请写：${unit.heading}（属于 ${unit.chapterHeading}）。`,
    `篇幅约 ${unit.targetLength} 字。写作要点：${guidance.join('；')}。`,
    referenceCount > 0 ? `如需引用，只用 [1]-[${referenceCount}]。` : '不要出现引用标记。',
    '与前文衔接，不重复前文已写过的内容。',
  ].join('\n');
}

export function outlineMessages(brief: PaperBrief, templateHint: string): LlmMessage[] {
  return [
    { role: 'system', content: '你是中文学术论文写作助手，只输出 JSON，不输出其他文字。' },
    {
      role: 'user',
      content: [
        `${PROMPT_MARK.outline}请为下面的论文拟定大纲。`,
        `题目：${brief.title}`,
        `学科：${brief.discipline}；类型：${DEGREE_NAMES[brief.degree]}；目标字数：${brief.targetLength}`,
        `关键词：${brief.keywords.join('、') || '无'}`,
        brief.requirements ? `补充要求：${brief.requirements}` : '',
        `可参考的常见结构：${templateHint}`,
        '输出格式：{"chapters":[{"heading":"绪论","sections":[{"heading":"研究背景与意义","points":["要点1","要点2"]}]}]}',
        '标题不要带编号；摘要、参考文献、致谢不要放进大纲；章 4-8 个，每章 2-5 节。',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
}

export function abstractMessages(brief: PaperBrief, outlineHeadings: string, english: boolean): LlmMessage[] {
  return [
    { role: 'system', content: writingSystemPrompt(0) },
    {
      role: 'user',
      content: [
        `${PROMPT_MARK.abstract}请为论文《${brief.title}》写中文摘要，300 到 500 字，概括研究问题、方法、主要内容与结论，不出现引用标记。`,
        `大纲：\n${outlineHeadings}`,
        english ? '然后另起一行写“Abstract:”，给出对应的英文摘要。' : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
}

export const MATERIAL_NAMES = { proposal: '开题报告', 'literature-review': '文献综述', acknowledgement: '致谢' } as const;
export type MaterialKind = keyof typeof MATERIAL_NAMES;

export function materialMessages(kind: MaterialKind, brief: PaperBrief, outlineHeadings: string, references: string[]): LlmMessage[] {
  const task: Record<MaterialKind, string> = {
    proposal: '写一份开题报告，包括选题依据、研究内容、研究方法与技术路线、进度安排、预期成果，约 1500 字。',
    'literature-review': '写一篇文献综述，约 2000 字，按主题梳理用户提供的参考文献，只引用这些文献的编号。',
    acknowledgement: '写一段致谢，约 300 字，语气真诚朴素；导师与同学用“××老师”“××同学”占位，不编造姓名。',
  };
  return [
    { role: 'system', content: writingSystemPrompt(kind === 'literature-review' ? references.length : 0) },
    {
      role: 'user',
      content: [
        `${PROMPT_MARK.material}论文题目：${brief.title}（${DEGREE_NAMES[brief.degree]}，${brief.discipline}）。`,
        `大纲：\n${outlineHeadings}`,
        kind === 'literature-review' && references.length > 0 ? `参考文献：\n${references.map((r, i) => `[${i + 1}] ${r}`).join('\n')}` : '',
        task[kind],
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
}
