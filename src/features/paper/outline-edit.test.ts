import { describe, expect, it } from 'vitest';
import { outlineLength, outlineOps, outlineProblems, renumber } from './outline-edit';

const base = renumber({
  chapters: [
    { heading: '绪论', targetLength: 0, sections: [{ heading: '背景', targetLength: 1000, points: [] }, { heading: '现状', targetLength: 1000, points: [] }] },
    { heading: '结论', targetLength: 1000, sections: [] },
  ],
});

describe('the outline editor’s operations', () => {
  it('renumbers after every change and sums section lengths into the chapter', () => {
    expect(base.chapters.map((c) => c.heading)).toEqual(['第1章 绪论', '第2章 结论']);
    expect(base.chapters[0].targetLength).toBe(2000);
    let o = outlineOps.moveChapter(base, 1, -1);
    expect(o.chapters.map((c) => c.heading)).toEqual(['第1章 结论', '第2章 绪论']);
    expect(o.chapters[1].sections[0].heading).toBe('2.1 背景');
    o = outlineOps.moveSection(o, 1, 0, 1);
    expect(o.chapters[1].sections.map((s) => s.heading)).toEqual(['2.1 现状', '2.2 背景']);
    o = outlineOps.setLength(o, 1, 0, 2500);
    expect(o.chapters[1].targetLength).toBe(3500);
    o = outlineOps.addSection(outlineOps.renameChapter(o, 0, '总结'), 0);
    expect(o.chapters[0]).toMatchObject({ heading: '第1章 总结', sections: [{ heading: '1.1 新的一节', targetLength: 1000 }] });
    expect(outlineLength(o)).toBe(4500);
    expect(outlineProblems(o)).toEqual([]);
  });

  it('keeps a chapter’s target when its first section is added, and grows it with the next', () => {
    let o = outlineOps.setLength(base, 1, null, 3300);
    o = outlineOps.addSection(o, 1);
    expect(o.chapters[1]).toMatchObject({ targetLength: 3300, sections: [{ heading: '2.1 新的一节', targetLength: 3300 }] });
    o = outlineOps.addSection(o, 1);
    expect(o.chapters[1].targetLength).toBe(4300);
  });

  it('tells what is wrong before sending', () => {
    const o = outlineOps.renameSection(outlineOps.setLength(base, 0, 1, 50), 0, 0, '  ');
    expect(outlineProblems(o)).toEqual(['第1章第1节的标题不能为空', '第1章第2节的目标字数应在 100 到 20000 之间']);
    expect(outlineProblems(outlineOps.removeChapter(base, 0))).toEqual(['全文目标字数应在 2000 到 200000 之间，现为 1000']);
  });
});
