import { describe, expect, it } from 'vitest';
import { applyOutlineEdit, outlineLength, outlineRows, renumberOutline, stripNumber, validateOutline } from './outline';
import { disciplineGroupOf, guidanceFor, outlineTemplate } from './templates';
import { DEGREES } from './types';

describe('outline templates', () => {
  const disciplines = ['计算机科学与技术', '汉语言文学', '会计学', '临床医学'];

  it('gives a valid outline for every degree and discipline family, close to the target length, labelled as a template', () => {
    for (const degree of DEGREES) {
      for (const discipline of disciplines) {
        const t = outlineTemplate(degree, discipline, 20_000);
        expect(validateOutline(t.outline), `${degree} ${discipline}`).toEqual([]);
        expect(t.source).toBe('template');
        expect(t.label).toMatch(/模板/);
        expect(Math.abs(outlineLength(t.outline) - 20_000)).toBeLessThan(2_000);
      }
    }
  });

  it('goes deeper with the degree: 硕士 adds a chapter over 本科, 博士 more, 专科 fewer sections', () => {
    const count = (d: (typeof DEGREES)[number]) => outlineTemplate(d, '软件工程').outline.chapters.length;
    expect(count('master')).toBeGreaterThan(count('bachelor'));
    expect(count('doctor')).toBeGreaterThan(count('master'));
    const sections = (d: (typeof DEGREES)[number]) => outlineTemplate(d, '软件工程').outline.chapters.reduce((n, c) => n + c.sections.length, 0);
    expect(sections('junior-college')).toBeLessThan(sections('bachelor'));
  });

  it('knows the four discipline families and medicine’s 资料与方法 structure', () => {
    expect(disciplineGroupOf('临床医学')).toBe('medicine');
    expect(disciplineGroupOf('国际经济与贸易')).toBe('economics');
    expect(disciplineGroupOf('机械设计制造及其自动化')).toBe('science');
    expect(disciplineGroupOf('历史学')).toBe('humanities');
    const headings = outlineTemplate('bachelor', '护理学').outline.chapters.map((c) => c.heading);
    expect(headings).toContain('第2章 资料与方法');
  });

  it('numbers headings 第1章 / 1.1 and gives every section writing guidance', () => {
    const { outline } = outlineTemplate('bachelor', '计算机科学与技术');
    expect(outline.chapters[0].heading).toBe('第1章 绪论');
    expect(outline.chapters[0].sections[0].heading).toBe('1.1 研究背景与意义');
    for (const c of outline.chapters) for (const s of c.sections) expect(guidanceFor(s.points, s.heading).length).toBeGreaterThan(0);
    const journal = outlineTemplate('journal', '计算机科学与技术').outline;
    expect(journal.chapters.every((c) => c.sections.length === 0)).toBe(true);
    expect(guidanceFor([], journal.chapters[2].heading)).toEqual(['给出方法框架与关键公式']);
  });
});

describe('outline editing', () => {
  const base = () => outlineTemplate('bachelor', '计算机科学与技术').outline;

  it('adds, removes, reorders and renames, always renumbering', () => {
    let o = applyOutlineEdit(base(), { op: 'add-chapter', at: 1, name: '问题的提出' });
    expect(o.chapters[1].heading).toBe('第2章 问题的提出');
    expect(o.chapters[2].heading).toBe('第3章 相关理论与关键技术');
    o = applyOutlineEdit(o, { op: 'add-section', chapter: 1, name: '研究问题' });
    expect(o.chapters[1].sections[0].heading).toBe('2.1 研究问题');
    o = applyOutlineEdit(o, { op: 'move-chapter', from: 1, to: 0 });
    expect(o.chapters[0].heading).toBe('第1章 问题的提出');
    expect(o.chapters[0].sections[0].heading).toBe('1.1 研究问题');
    expect(o.chapters[1].sections[0].heading).toBe('2.1 研究背景与意义');
    o = applyOutlineEdit(o, { op: 'rename-section', chapter: 1, section: 0, name: '3.9 选题背景' });
    expect(o.chapters[1].sections[0].heading).toBe('2.1 选题背景');
    o = applyOutlineEdit(o, { op: 'move-section', chapter: 1, from: 0, to: 1, toChapter: 0 });
    expect(o.chapters[0].sections.map((s) => s.heading)).toEqual(['1.1 研究问题', '1.2 选题背景']);
    o = applyOutlineEdit(o, { op: 'remove-chapter', chapter: 0 });
    expect(o.chapters[0].heading).toBe('第1章 绪论');
    expect(o.chapters[0].sections[0].heading).toBe('1.1 国内外研究现状');
    expect(validateOutline(o)).toEqual([]);
  });

  it('sets target lengths: a chapter with sections is the sum of its sections', () => {
    let o = applyOutlineEdit(base(), { op: 'set-length', chapter: 0, section: 0, targetLength: 2500 });
    expect(o.chapters[0].targetLength).toBe(o.chapters[0].sections.reduce((n, s) => n + s.targetLength, 0));
    expect(() => applyOutlineEdit(o, { op: 'set-length', chapter: 0, targetLength: 9000 })).toThrow('有节的章');
    for (let i = o.chapters[0].sections.length - 1; i >= 0; i--) o = applyOutlineEdit(o, { op: 'remove-section', chapter: 0, section: i });
    expect(o.chapters[0].sections).toEqual([]);
    o = applyOutlineEdit(o, { op: 'set-length', chapter: 0, targetLength: 3000 });
    expect(o.chapters[0].targetLength).toBe(3000);
  });

  it('refuses what cannot be done, in Chinese', () => {
    const one = renumberOutline({ chapters: [{ heading: '绪论', targetLength: 3000, sections: [] }] });
    expect(() => applyOutlineEdit(one, { op: 'remove-chapter', chapter: 0 })).toThrow('至少保留一章');
    expect(() => applyOutlineEdit(one, { op: 'rename-chapter', chapter: 5, name: 'x' })).toThrow('没有第6章');
    expect(() => applyOutlineEdit(one, { op: 'move-chapter', from: 0, to: 3 })).toThrow('超出范围');
  });

  it('validates: empty or duplicate headings, lengths out of range, too many chapters', () => {
    const o = renumberOutline({
      chapters: [
        { heading: '绪论', targetLength: 0, sections: [{ heading: '', targetLength: 50, points: [] }, { heading: '背景', targetLength: 1000, points: [] }, { heading: '背景', targetLength: 1000, points: [] }] },
        { heading: '第9章 绪论', targetLength: 70_000, sections: [] },
      ],
    });
    const problems = validateOutline(o);
    expect(problems).toContain('第1章第1节的标题不能为空');
    expect(problems).toContain('第1章第1节的目标字数应在 100 到 20000 之间');
    expect(problems).toContain('第1章第3节的标题“背景”与本章前面的节重复');
    expect(problems).toContain('第2章的标题“绪论”与前面的章重复');
    expect(problems).toContain('第2章的目标字数应在 100 到 60000 之间');
    const many = renumberOutline({ chapters: Array.from({ length: 21 }, (_, i) => ({ heading: `章${i}`, targetLength: 1000, sections: [] })) });
    expect(validateOutline(many)[0]).toMatch('最多 20 章');
    expect(validateOutline({ chapters: [] })).toEqual(['大纲至少需要一章']);
  });

  it('strips numbers of every common form and lists the rows the paper stores', () => {
    expect(stripNumber('第一章 绪论')).toBe('绪论');
    expect(stripNumber('第1章绪论')).toBe('绪论');
    expect(stripNumber('1.2 研究现状')).toBe('研究现状');
    expect(stripNumber('（一）问题')).toBe('问题');
    expect(stripNumber('5G 网络')).toBe('5G 网络');
    const rows = outlineRows(renumberOutline({ chapters: [{ heading: 'A', targetLength: 0, sections: [{ heading: 'a', targetLength: 500, points: [] }] }, { heading: 'B', targetLength: 800, sections: [] }] }));
    expect(rows.map((r) => [r.level, r.heading, r.writes, r.targetLength])).toEqual([
      [1, '第1章 A', false, 0],
      [2, '1.1 a', true, 500],
      [1, '第2章 B', true, 800],
    ]);
  });
});
