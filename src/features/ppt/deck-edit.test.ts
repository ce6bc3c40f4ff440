import { describe, expect, it } from 'vitest';
import type { PptSlide } from '@/api/gen/model';
import { addSlide, chartText, drawable, moveSlide, outlineProblems, parseChart, parseTable, removeSlide, saveBody, setLayout, tableText } from './deck-edit';

const slides: PptSlide[] = ['封面', '目录', '方法', '致谢'].map((title, index) => ({ index, layout: 'content', title, bullets: ['要点'], notes: '' }));

describe('outline edits', () => {
  it('reorders, removes and adds slides, renumbering them', () => {
    expect(moveSlide(slides, 2, 1).map((s) => [s.index, s.title])).toEqual([[0, '封面'], [1, '方法'], [2, '目录'], [3, '致谢']]);
    expect(moveSlide(slides, 0, -1)).toBe(slides);
    expect(removeSlide(slides, 0).map((s) => s.index)).toEqual([0, 1, 2]);
    const added = addSlide(slides, 1, 'table');
    expect(added[2]).toMatchObject({ index: 2, layout: 'table' });
    expect(added[2].table?.header.length).toBeGreaterThan(0);
  });

  it('changes a layout keeping the text, with example data for a table or chart', () => {
    const changed = setLayout(slides, 2, 'chart');
    expect(changed[2]).toMatchObject({ layout: 'chart', title: '方法', bullets: ['要点'] });
    expect(changed[2].chart?.series.length).toBeGreaterThan(0);
  });

  it('reads tables and charts typed as text, and writes them back', () => {
    const table = parseTable('模型 | 准确率\nBERT | 85.7%\n本文方法 | 87.6%');
    expect(table).toEqual({ header: ['模型', '准确率'], rows: [['BERT', '85.7%'], ['本文方法', '87.6%']] });
    expect(parseTable(tableText(table))).toEqual(table);
    const chart = parseChart('分类 | BERT | 本文\nLCQMC | 85.7 | 87.6%\nBQ | 83.2 | 85.1', 'line');
    expect(chart).toEqual({ kind: 'line', categories: ['LCQMC', 'BQ'], series: [{ name: 'BERT', values: [85.7, 83.2] }, { name: '本文', values: [87.6, 85.1] }] });
    expect(parseChart(chartText(chart), 'line')).toEqual(chart);
    expect(parseChart('只有一行')).toBeUndefined();
  });

  it('draws whatever arrives: a broken table is left out, an unknown layout drawn as content', () => {
    const odd = { index: 0, layout: 'weird', title: '标题', bullets: ['a'], notes: '', table: { header: ['a', 'b'], rows: [['1']] } } as unknown as PptSlide;
    expect(drawable(odd)).toEqual({ layout: 'content', title: '标题', bullets: ['a'], notes: '' });
  });

  it('says why an outline cannot be saved, and drops blank points from the saved body', () => {
    expect(outlineProblems([{ ...slides[0], title: '长'.repeat(101) }])[0]).toContain('标题超过 100 字');
    const body = saveBody({ id: 'd1', title: '答辩', templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, source: 'paper' } as never, [{ ...slides[0], bullets: ['一', ' ', ''] }]);
    expect(body).toMatchObject({ id: 'd1', source: 'paper', slides: [{ index: 0, bullets: ['一'] }] });
  });
});
