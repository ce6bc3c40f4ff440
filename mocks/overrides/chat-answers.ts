// What the mocked assistant says (npm run dev): a few canned answers in the markdown a model writes, chosen
// by the question's words, so the same question always streams the same answer.

type Answer = { keywords: string[]; answer: string };

const ANSWERS: Answer[] = [
  {
    keywords: ['文献综述', '综述'],
    answer: `文献综述一般包括以下几个部分：

1. **研究背景与意义**：说明该领域为什么值得研究。
2. **研究现状**：按主题或时间梳理已有成果，指出主要观点与方法。
3. **研究不足**：归纳现有研究尚未解决的问题。
4. **本文切入点**：说明你的研究如何回应这些不足。

写作时建议“述评结合”，不要只罗列文献；每一段都应有自己的归纳句。引用格式请按学校要求统一，例如 GB/T 7714—2015。`,
  },
  {
    keywords: ['研究方法', '方法'],
    answer: `研究方法部分通常需要交代清楚四件事：

| 内容 | 要点 |
| --- | --- |
| 研究设计 | 定量、定性还是混合方法，为什么这样选 |
| 数据来源 | 样本、问卷或语料的来源与规模 |
| 分析方法 | 使用的模型或统计检验，如回归分析、结构方程模型 |
| 信度与效度 | 如何保证结果可靠、可推广 |

> 提示：方法部分要写到别人能按你的描述复现研究的程度。`,
  },
  {
    keywords: ['参考文献', '格式', 'GB/T', 'APA'],
    answer: `GB/T 7714 与 APA 的主要区别：

- **著录顺序**：GB/T 7714 常用顺序编码制，按正文引用先后编号；APA 采用“作者-年份”制。
- **文献类型标识**：GB/T 7714 要求标注 [J]、[M]、[D] 等类型标识，APA 不需要。
- **作者姓名**：GB/T 7714 中外文作者一律姓在前，超过三位作者时加“等”。

示例（GB/T 7714）：

张三, 李四. 基于深度学习的中文文本相似度研究[J]. 计算机学报, 2023, 46(5): 1021-1035.`,
  },
  {
    keywords: ['代码', 'Python', 'python', '统计', '词频'],
    answer: `可以用 Python 统计一段中文文本的词频，下面是一个最小示例：

\`\`\`python
import jieba
from collections import Counter

text = "随着互联网技术的快速发展，文本相似度计算越来越重要。"
words = [w for w in jieba.cut(text) if len(w) > 1]
print(Counter(words).most_common(5))
\`\`\`

运行前先安装分词库：\`pip install jieba\`。结果按出现次数从高到低排列。`,
  },
  {
    keywords: ['改写', '润色', '学术'],
    answer: `改写得更学术，可以从三个方面入手：

1. 用准确的术语替换口语化表达，例如把“很多人觉得”改为“已有研究普遍认为”。
2. 给判断加上依据或限定条件，避免绝对化的结论。
3. 调整句式，多用“本文”“研究表明”等客观表述。

请把需要改写的段落发给我，我会给出修改后的版本并说明改动理由。`,
  },
];

const FALLBACK = `这是模拟模式下的示例回答（不是真实大模型的输出）。

关于你的问题，可以按以下思路展开：

1. **明确问题**：先界定研究对象与关键概念。
2. **查阅资料**：检索近五年的核心期刊论文与学位论文。
3. **形成观点**：在归纳已有研究的基础上提出自己的看法。

如需更具体的建议，请补充你的专业方向和论文题目。`;

/** The canned answer for a question: the first whose keywords it contains, else a general one. */
export function answerFor(question: string): string {
  return ANSWERS.find(({ keywords }) => keywords.some((word) => question.includes(word)))?.answer ?? FALLBACK;
}

/** Seed conversations of a fresh mocked session: [title question, follow-up questions...]. */
export const SEED_CONVERSATIONS: string[][] = [
  ['文献综述一般包括哪几部分？', '参考文献格式 GB/T 7714 和 APA 有什么区别？'],
  ['毕业论文的研究方法部分应该写哪些内容？'],
  ['能给一段用 Python 统计词频的代码吗？'],
  ['帮我把这段话改写得更学术一些：很多人觉得短视频影响了学习。'],
];
