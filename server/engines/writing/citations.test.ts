import { describe, expect, it } from 'vitest';
import { checkCitations, MISSING_CITATION, stripModelArtifacts } from './citations';
import { writeSection } from './generate';
import { outlineRows } from './outline';
import { outlineTemplate } from './templates';
import { stubGateway } from './test/stub-gateway';

const REFERENCES = [
  '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
  '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
  '刘洋. 中文文本复述识别研究[D]. 北京: 北京大学, 2019.',
];

describe('the citation check', () => {
  it('removes a number that points to no supplied reference and marks the place', () => {
    const r = checkCitations('已有研究表明[1]，另有学者认为[7]，综合[2,7]与[1-3]。', 3);
    expect(r.text).toBe(`已有研究表明[1]，另有学者认为${MISSING_CITATION}，综合[2]${MISSING_CITATION}与[1-3]。`);
    expect(r.removed).toEqual([7, 7]);
    expect(r.cited).toEqual([1, 2, 3]);
  });

  it('reads full-width brackets, ranges and [0]; leaves type codes and other brackets alone', () => {
    const r = checkCitations('见［4］与[0]及[2–5]，文献类型[J]和[待补充参考文献]不动。', 3);
    expect(r.text).toBe(`见${MISSING_CITATION}与${MISSING_CITATION}及[2,3]${MISSING_CITATION}，文献类型[J]和[待补充参考文献]不动。`);
    expect(r.removed).toEqual([4, 0, 4, 5]);
  });

  it('with no references every citation mark goes', () => {
    expect(checkCitations('如[1]所述。', 0).text).toBe(`如${MISSING_CITATION}所述。`);
  });

  it('drops a reference list or a repeated heading the model wrote', () => {
    const text = '## 1.1 研究背景\n正文第一段[1]。\n\n**正文第二段**。\n\n参考文献：\n[1] 编造的文献[J]. 2020.\n[7] 另一条.';
    expect(stripModelArtifacts(text, '1.1 研究背景')).toBe('正文第一段[1]。\n\n正文第二段。');
  });
});

describe('writing a section with a model that invents a reference', () => {
  it('keeps [1]-[3], removes the invented [7] and marks it, and never lists a reference', async () => {
    const answer = '随着高等教育规模扩大，检测需求日益迫切[1]。已有综述梳理了主要方法[2][3]。\n有研究指出改写抄袭难以识别[7]。\n\n参考文献\n[7] Invented A. Fake paper[J]. Nowhere, 2023.';
    const gateway = stubGateway(() => answer);
    const { outline } = outlineTemplate('bachelor', '计算机科学与技术', 15000);
    const unit = outlineRows(outline).find((r) => r.writes)!;
    const seen: string[] = [];
    const written = await writeSection(
      gateway,
      {
        brief: { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'bachelor', targetLength: 15000, keywords: ['相似度'], references: REFERENCES },
        outline,
        abstract: '',
        previous: [],
        unit,
        references: REFERENCES,
      },
      { contextBudget: 4000, onText: (t) => void seen.push(t) },
    );
    expect(written.content).toBe(`随着高等教育规模扩大，检测需求日益迫切[1]。已有综述梳理了主要方法[2][3]。\n有研究指出改写抄袭难以识别${MISSING_CITATION}。`);
    expect(written.removedCitations).toEqual([7]);
    expect(written.content).not.toMatch(/Invented|\n参考文献/);
    // The model was given exactly the user's references, numbered, and told to cite only those.
    const prompt = gateway.requests[0].messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(`[3] ${REFERENCES[2]}`);
    expect(prompt).not.toContain('[4] ');
    expect(prompt).toMatch(/\[1\] 到 \[3\]/);
    // What streamed out was checked too: [7] was never shown.
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.some((t) => t.includes('[7]'))).toBe(false);
  });
});
