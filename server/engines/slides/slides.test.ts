import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { writePreviews } from '../../../scripts/ppt-previews';
import { extractText } from '../text/extract';
import { buildDocx, buildPdf } from '../text/fixtures/build';
import {
  blankSlide,
  defenceDeck,
  extractOutline,
  FONT_LIMITS,
  keySentences,
  layoutDeck,
  normalizeSlides,
  OutlineError,
  paginate,
  parseJsonObject,
  renderDeck,
  sampleDeck,
  SLIDE_LAYOUTS,
  SLIDE_TEMPLATES,
  slideSvg,
  templatePreviewSvg,
  validateSlides,
  type Slide,
} from '.';

const paper = readFileSync(new URL('./fixtures/paper.txt', import.meta.url), 'utf8');

async function unzip(data: Uint8Array) {
  const zip = await JSZip.loadAsync(data);
  const names = Object.keys(zip.files);
  const slides = names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const notes = names.filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n));
  const read = (n: string) => zip.file(n)!.async('string');
  return { zip, slides, notes, read };
}

/** Every text run of an XML part, joined. */
function runs(xml: string): string {
  return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
}

describe('outline extraction from a paper (offline)', () => {
  it('finds the title, one part per chapter and key sentences from each', () => {
    const outline = extractOutline(paper, { pageCount: 10 });
    expect(outline.title).toBe('基于字词双粒度孪生网络的中文文本相似度研究');
    expect(outline.headed).toBe(true);
    const [cover, toc, ...rest] = outline.slides;
    expect(cover.layout).toBe('cover');
    expect(cover.title).toBe(outline.title);
    expect(cover.bullets[0]).toMatch(/^汇报人：/);
    expect(cover.bullets[1]).toMatch(/^指导教师：/);
    expect(toc.bullets).toEqual(['绪论', '模型与方法', '实验与分析', '结论与展望']);
    expect(rest.at(-1)!.layout).toBe('ending');
    expect(rest.at(-2)!.layout).toBe('summary');
    expect(outline.slides.length).toBeLessThanOrEqual(10);
    // Key sentences are the paper's own sentences, not the references or acknowledgements.
    const bullets = rest.flatMap((s) => s.bullets).filter((b) => !b.startsWith('感谢'));
    for (const b of bullets) expect(paper).toContain(b);
    expect(bullets.some((b) => b.includes('87.6%'))).toBe(true);
    expect(bullets.join('')).not.toContain('[1]');
    // Every slide has notes; the deck is valid.
    for (const s of outline.slides) expect(s.notes.length).toBeGreaterThan(0);
    expect(validateSlides(outline.slides)).toEqual([]);
  });

  it('reads the paper from a .docx and a .pdf through the text engine', async () => {
    const lines = paper.split('\n').filter((l) => l.trim());
    for (const file of [await buildDocx(lines), await buildPdf(lines)]) {
      const { text } = await extractText(file);
      const outline = extractOutline(text, { pageCount: 10 });
      expect(outline.title).toBe('基于字词双粒度孪生网络的中文文本相似度研究');
      expect(outline.slides[1].bullets).toContain('实验与分析');
    }
  });

  it('respects a small page count by merging chapters and keeping the best sentences', () => {
    const outline = extractOutline(paper, { pageCount: 5 });
    expect(outline.slides).toHaveLength(5);
    expect(outline.slides.map((s) => s.layout)).toEqual(['cover', 'toc', 'content', 'summary', 'ending'].slice(0, 5).map((l, i) => (i === 3 ? outline.slides[3].layout : l)));
    for (const s of outline.slides.slice(2, -1)) expect(s.bullets.length).toBeLessThanOrEqual(4);
  });

  it('cuts a text without headings into a defence deck’s parts', () => {
    const plain = paper
      .split('\n')
      .filter((l) => l.length > 30)
      .join('\n');
    const outline = extractOutline(plain, { pageCount: 8, title: '我的论文' });
    expect(outline.headed).toBe(false);
    expect(outline.title).toBe('我的论文');
    expect(outline.slides[1].bullets).toEqual(['研究背景', '研究方法', '结果与分析', '结论']);
  });

  it('TextRank prefers the sentence that shares most with the others', () => {
    const sentences = [
      '孪生网络模型用于中文文本相似度计算。',
      '今天天气晴朗适合出游。',
      '中文文本相似度计算需要孪生网络模型与注意力。',
      '注意力机制帮助孪生网络模型对齐中文文本。',
    ];
    expect(keySentences(sentences, 1)).not.toContain('今天天气晴朗适合出游。');
    expect(keySentences(sentences, 3)).toEqual([sentences[0], sentences[2], sentences[3]]);
  });
});

describe('templates and layouts', () => {
  it('has at least six templates with palettes and Chinese fonts', () => {
    expect(SLIDE_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(SLIDE_TEMPLATES.map((t) => t.id)).size).toBe(SLIDE_TEMPLATES.length);
    for (const t of SLIDE_TEMPLATES) {
      expect(Object.values(t.palette).every((c) => /^#[0-9A-F]{6}$/i.test(c))).toBe(true);
      expect(t.fonts.title).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('draws every layout in every template', () => {
    const deck: Slide[] = SLIDE_LAYOUTS.map((layout) => blankSlide(layout));
    for (const t of SLIDE_TEMPLATES) {
      const drawn = layoutDeck(deck, t);
      expect(drawn).toHaveLength(SLIDE_LAYOUTS.length);
      drawn.forEach((d, i) => {
        expect(d.shapes.some((s) => s.kind === 'text' && s.paragraphs.includes(deck[i].title))).toBe(true);
        const svg = slideSvg(d);
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain(deck[i].title.replace(/&/g, '&amp;'));
      });
      expect(drawn[SLIDE_LAYOUTS.indexOf('table')].shapes.some((s) => s.kind === 'table')).toBe(true);
      expect(drawn[SLIDE_LAYOUTS.indexOf('chart')].shapes.some((s) => s.kind === 'chart')).toBe(true);
    }
  });

  it('the committed preview images are the templates’ own covers', () => {
    for (const t of SLIDE_TEMPLATES) {
      const file = readFileSync(new URL(`../../../public/ppt-templates/${t.id}.svg`, import.meta.url), 'utf8');
      expect(file.trim(), `run npx tsx scripts/ppt-previews.ts (${t.id})`).toBe(templatePreviewSvg(t));
    }
    expect(typeof writePreviews).toBe('function');
  });
});

describe('overflow: shrink within limits, then split, never cut', () => {
  const template = SLIDE_TEMPLATES[0];
  const sentence = '文本相似度计算是自然语言处理中的基础问题，在学术不端检测、问答匹配和信息检索中有着广泛应用。';

  it('shrinks a fuller slide and keeps it one slide', () => {
    const slide: Slide = { layout: 'content', title: '要点较多', bullets: Array.from({ length: 7 }, () => sentence), notes: '备注' };
    const drawn = layoutDeck([slide], template);
    expect(drawn).toHaveLength(1);
    const body = drawn[0].shapes.find((s) => s.kind === 'text' && s.bullets);
    expect(body && body.kind === 'text' && body.fontSize).toBeLessThan(FONT_LIMITS.body.max);
    expect(body && body.kind === 'text' && body.fontSize).toBeGreaterThanOrEqual(FONT_LIMITS.body.min);
    expect(drawn[0].shrunk).toBe(true);
  });

  it('splits what does not fit at the smallest size over two slides, every character kept', () => {
    const bullets = Array.from({ length: 8 }, (_, i) => `第${i + 1}条：${sentence}${sentence}`);
    const slide: Slide = { layout: 'content', title: '要点太多', bullets, notes: '第一页的备注' };
    const pages = paginate(slide, 0, template);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[1].slide.title).toBe('要点太多（续）');
    expect(pages.flatMap((p) => p.slide.bullets)).toEqual(bullets);
    expect(pages[0].slide.notes).toBe('第一页的备注');
    for (const d of layoutDeck([slide], template)) {
      const body = d.shapes.find((s) => s.kind === 'text' && s.bullets);
      expect(body && body.kind === 'text' && body.fontSize).toBeGreaterThanOrEqual(FONT_LIMITS.body.min);
    }
  });

  it('splits a single bullet too long for a slide at sentence ends', () => {
    const long = Array.from({ length: 14 }, () => sentence).join('');
    const slide: Slide = { layout: 'two-column', title: '长段落', bullets: [long, '右栏'], notes: '' };
    const pages = paginate(slide, 0, template);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(
      pages
        .flatMap((p) => p.slide.bullets)
        .filter((b) => b !== '右栏')
        .join(''),
    ).toBe(long);
  });

  it('continues a long table on the next slide under the same header', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`方法${i + 1}`, `${80 + (i % 10)}.${i}%`, '较长的说明文字用于测试表格分页']);
    const slide: Slide = { layout: 'table', title: '结果表', bullets: [], notes: '', table: { header: ['方法', '准确率', '说明'], rows } };
    const pages = paginate(slide, 0, template);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.every((p) => p.slide.table?.header.join() === '方法,准确率,说明')).toBe(true);
    expect(pages.flatMap((p) => p.slide.table!.rows)).toEqual(rows);
  });

  it('shrinks a long title within its limits', () => {
    const title = '基于深度学习与知识图谱的中文学术论文文本相似度检测及其在学位论文查重系统中的应用研究与实现';
    const [d] = layoutDeck([{ layout: 'content', title, bullets: ['要点'], notes: '' }], template);
    const t = d.shapes.find((s) => s.kind === 'text' && s.paragraphs[0] === title);
    expect(t && t.kind === 'text' && t.fontSize).toBeLessThan(FONT_LIMITS.title.max);
    expect(t && t.kind === 'text' && t.fontSize).toBeGreaterThanOrEqual(FONT_LIMITS.title.min);
  });
});

describe('the .pptx', () => {
  it('opens: slide count, Chinese text in the slide XML, speaker notes', async () => {
    const slides = defenceDeck({ title: '中文文本相似度研究', speaker: '张三', supervisor: '李四', institution: '某某大学', date: '2026年5月' });
    const rendered = await renderDeck(slides, SLIDE_TEMPLATES[1], { title: '中文文本相似度研究' });
    expect(rendered.slideCount).toBe(slides.length);
    const { slides: parts, notes, read } = await unzip(rendered.data);
    expect(parts).toHaveLength(slides.length);
    const first = await read(parts[0]);
    expect(runs(first)).toContain('中文文本相似度研究');
    expect(runs(first)).toContain('汇报人：张三');
    expect(first).toContain('typeface="楷体"');
    expect(runs(await read(parts[2]))).toContain('研究问题的来源与现实需求');
    expect(notes.length).toBe(slides.length);
    const allNotes = (await Promise.all(notes.map(read))).map(runs).join('\n');
    expect(allNotes).toContain('讲清楚怎么做的');
  });

  it('renders every layout in every template, tables and charts as native objects', async () => {
    const deck = [...sampleDeck(), ...SLIDE_LAYOUTS.map((l) => blankSlide(l))];
    for (const t of SLIDE_TEMPLATES) {
      const rendered = await renderDeck(deck, t, { title: t.name });
      const { zip, slides } = await unzip(rendered.data);
      expect(slides).toHaveLength(deck.length);
      expect(Object.keys(zip.files).some((n) => n.startsWith('ppt/charts/'))).toBe(true);
      const tableSlide = await zip.file(slides[deck.findIndex((s) => s.layout === 'table')])!.async('string');
      expect(tableSlide).toContain('<a:tbl>');
      expect(runs(tableSlide)).toContain('本文方法');
    }
  });

  it('writes only well-formed XML parts, with the notes slides and charts linked from the package', async () => {
    const symbols: Slide = { layout: 'content', title: '符号 & <尖括号>', bullets: ['a < b && c > d', '"引号" \'单引号\''], notes: '备注 & <x>' };
    const deck = [...sampleDeck(), ...SLIDE_LAYOUTS.map((l) => blankSlide(l)), symbols];
    const { zip } = await unzip((await renderDeck(deck, SLIDE_TEMPLATES[4], { title: '校验 & <XML>' })).data);
    const parts = Object.keys(zip.files).filter((n) => /\.(xml|rels)$/.test(n));
    expect(parts.length).toBeGreaterThan(deck.length * 2);
    for (const name of parts) {
      const parser = new SaxesParser();
      let error: Error | null = null;
      parser.on('error', (e) => (error ??= e));
      parser.write(await zip.file(name)!.async('string')).close();
      expect(error, name).toBeNull();
    }
    const types = await zip.file('[Content_Types].xml')!.async('string');
    expect(types).toContain('notesSlide+xml');
    expect(types).toContain('drawingml.chart+xml');
    expect(await zip.file('docProps/core.xml')!.async('string')).toContain('校验 &amp; &lt;XML&gt;');
  });

  it('an overflowing deck renders more slides with every bullet in them', async () => {
    const bullets = Array.from({ length: 8 }, (_, i) => `第${i + 1}条：这是一条很长的要点，用来测试溢出时的分页处理，内容不能被截断，必须完整地出现在幻灯片上。`.repeat(2));
    const rendered = await renderDeck([{ layout: 'content', title: '溢出', bullets, notes: '备注' }], SLIDE_TEMPLATES[0], { title: '溢出' });
    expect(rendered.slideCount).toBeGreaterThan(1);
    expect(rendered.split).toBe(1);
    const { slides, read } = await unzip(rendered.data);
    const text = (await Promise.all(slides.map(read))).map(runs).join('');
    for (const b of bullets) expect(text).toContain(b);
  });
});

describe('the model’s outline', () => {
  it('reads JSON in a code fence and normalises it', () => {
    const answer = '好的：\n```json\n{"slides":[{"layout":"cover","title":"题目","bullets":["汇报人：张三"],"notes":"开场"},{"layout":"weird","title":"方法","bullets":["一","二"],"notes":"讲方法"},{"layout":"table","title":"表","bullets":[],"notes":"","table":{"header":["a"],"rows":[["1","2"]]}}]}\n```';
    const slides = normalizeSlides(parseJsonObject(answer));
    expect(slides.map((s) => s.layout)).toEqual(['cover', 'content', 'content']);
    expect(slides[1].bullets).toEqual(['一', '二']);
  });

  it('refuses an answer that is not an outline', () => {
    expect(() => parseJsonObject('我无法完成这个请求')).toThrow(OutlineError);
    expect(() => normalizeSlides(parseJsonObject('{"slides": []}'))).toThrow(OutlineError);
  });
});
