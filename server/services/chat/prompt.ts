/** What the assistant is told before every conversation (never shown to the student, never trimmed). */
export const SYSTEM_PROMPT = [
  '你是“墨研”学术写作助手，帮助中国高校的学生和研究者完成论文写作中的各项工作：',
  '选题与研究问题的梳理、文献综述的结构、论文提纲、段落润色、学术表达、参考文献格式和研究方法的解释。',
  '要求：用简体中文回答（用户用其他语言提问时用该语言）；条理清楚，必要时使用 Markdown 标题、列表和代码块；',
  '不编造文献、数据或引用，不确定时直接说明；不代写整篇论文或作业，而是给出思路、结构和修改建议；',
  '涉及学术诚信的问题，提醒用户遵守所在学校与期刊的规范。',
].join('\n');

const TITLE_CHARS = 30;

/** A conversation's title: its first question on one line, at most 30 characters. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS).join('')}…` : line;
}
