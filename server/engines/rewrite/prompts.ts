import type { LlmMessage } from '../llm';
import type { RewriteMode } from './types';

// The prompts of the model modes. The paragraph travels between two marker lines; protected spans are
// replaced by placeholders ⟦n⟧ that must come back unchanged, and detected technical terms are listed
// to be kept verbatim. The model answers with the rewritten paragraph only.

export const PARAGRAPH_START = '【待改写段落】';
export const PARAGRAPH_END = '【段落结束】';

const COMMON = [
  '你是中文学术写作编辑，负责改写学术论文中的一个段落。',
  '硬性要求：',
  '1. 形如 ⟦1⟧、⟦2⟧ 的占位符代表必须原样保留的内容（数字、公式、外文、引用标记、引文、指定术语），每个占位符必须在改写结果中原样出现且只出现一次，不得改动、拆分、翻译或删除；',
  '2. 不增删事实、数据和结论，不编造文献，不改变作者的观点；',
  '3. 只输出改写后的段落正文，不要标题、解释、引号或前后缀。',
].join('\n');

const MODE_INSTRUCTIONS: Record<Exclude<RewriteMode, 'smart'>, string> = {
  rewrite: '任务：降重改写。用不同的词语和句式重新表述，避免与原文出现连续十个字以上相同的表述，保持学术语体，意思不变，篇幅与原文相近。',
  strong: '任务：强力降重。在意思不变的前提下深度重构：调整句子顺序和句子结构（主动与被动互换、长句拆分或短句合并、分句重排），换用不同的表达，避免与原文出现连续八个字以上相同的表述，篇幅与原文相近。',
  cnki: '任务：学术库降重。这个段落被查重检测为与已有文献重复，请彻底换一种说法重写，避免与原文出现连续十个字以上相同的表述，保持学术语体和原意，篇幅与原文相近。',
  polish: '任务：润色改写。提高语言的流畅度和学术规范性：修正语病、统一术语、让句子衔接自然、用词准确凝练，不以降低重复率为目的，尽量保留原有内容和结构。',
  aigc: '任务：降低AI生成痕迹。按照有经验的研究者的写作习惯重写：句子长短错落、少用空泛的套话和排比、少用“首先/其次/综上所述”等模板化连接词、表述具体，保持学术语体和原意，篇幅与原文相近。',
};

export function rewritePrompt(mode: Exclude<RewriteMode, 'smart'>, masked: string, keepTerms: readonly string[], candidate: number, of: number): LlmMessage[] {
  const terms = keepTerms.length ? `\n以下术语必须原样保留：${keepTerms.join('、')}` : '';
  return [
    { role: 'system', content: `${COMMON}\n${MODE_INSTRUCTIONS[mode]}` },
    {
      role: 'user',
      content: `请改写下面的段落（候选 ${candidate}/${of}）。${terms}\n${PARAGRAPH_START}\n${masked}\n${PARAGRAPH_END}`,
    },
  ];
}

/** The answer without what models add around a paragraph (fences, a label, surrounding quotes, the markers). */
export function cleanAnswer(answer: string): string {
  let text = answer.trim();
  text = text.replace(/^```[a-z]*\n?|\n?```$/g, '').trim();
  text = text.replaceAll(PARAGRAPH_START, '').replaceAll(PARAGRAPH_END, '').trim();
  text = text.replace(/^(?:改写后(?:的段落)?|改写结果|润色后(?:的段落)?|输出)[：:]\s*/u, '').trim();
  if (/^“[^“”]*”$/u.test(text) || /^"[^"]*"$/u.test(text)) text = text.slice(1, -1).trim();
  // One paragraph: line breaks inside become nothing (Chinese) or a space.
  return text.replace(/\s*\n+\s*/g, '');
}
