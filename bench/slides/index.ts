// npm run bench -- slides [--runs N]: the .pptx build time of a 30-slide deck (every layout, tables,
// a chart, two slides that overflow and are split) in each template, the browser thumbnails of the same
// deck (layout + SVG), and the offline outline of the fixture paper (jieba + TextRank). Median and p95
// over --runs (default 15) after two warm-up runs; bench/out/slides.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { blankSlide, defenceDeck, extractOutline, layoutDeck, renderDeck, SLIDE_TEMPLATES, slideSvg, type Slide } from '../../server/engines/slides/index';
import { quantile } from '../stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } }, allowPositionals: true });
const runs = Math.max(3, Number(values.runs) || 15);

function deckOf30(): Slide[] {
  const long = '文本相似度计算是自然语言处理中的基础问题，在学术不端检测、问答匹配和信息检索中有着广泛应用。';
  const slides: Slide[] = [...defenceDeck({ title: '基于字词双粒度孪生网络的中文文本相似度研究', speaker: '张三', supervisor: '李四 教授', institution: '某某大学 计算机学院', date: '2026年5月' })];
  const extra: Slide[] = [
    blankSlide('section'),
    blankSlide('two-column'),
    { layout: 'table', title: '实验结果', bullets: ['本文方法在两个数据集上均最优'], notes: '读出关键数字', table: { header: ['模型', 'LCQMC', 'BQ', '速度'], rows: Array.from({ length: 8 }, (_, i) => [`模型${i + 1}`, `${80 + i}.5%`, `${78 + i}.1%`, `${100 + i * 7} 句/秒`]) } },
    { layout: 'chart', title: '准确率对比', bullets: [], notes: '', chart: { kind: 'bar', categories: ['LCQMC', 'BQ', 'PAWS-X'], series: [{ name: 'BERT', values: [85.7, 83.2, 77.1] }, { name: '本文方法', values: [87.6, 85.1, 79.4] }] } },
    { layout: 'content', title: '溢出的一页', bullets: Array.from({ length: 8 }, (_, i) => `第${i + 1}条：${long}${long}`), notes: '这一页会被分为两页' },
  ];
  let i = 0;
  while (slides.length < 30) {
    const base = extra[i % extra.length];
    slides.splice(slides.length - 1, 0, { ...base, title: `${base.title} ${Math.floor(i / extra.length) + 1}` });
    i++;
  }
  return slides;
}

function stats(samples: number[]) {
  return { median: Math.round(quantile(samples, 0.5) * 10) / 10, p95: Math.round(quantile(samples, 0.95) * 10) / 10 };
}

async function time(fn: () => Promise<unknown> | unknown): Promise<{ median: number; p95: number }> {
  for (let w = 0; w < 2; w++) await fn();
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

const deck = deckOf30();
console.log(`deck: ${deck.length} slides; ${runs} runs each after 2 warm-ups`);
const results: Record<string, unknown> = { slides: deck.length, runs, templates: {} as Record<string, unknown> };
// Warm the module and the JIT on every template once, so the first template is not charged for it.
for (const template of SLIDE_TEMPLATES) await renderDeck(deck, template, { title: '预热' });
for (const template of SLIDE_TEMPLATES) {
  let info = { slideCount: 0, split: 0, shrunk: 0, bytes: 0 };
  const t = await time(async () => {
    const r = await renderDeck(deck, template, { title: '基准测试' });
    info = { slideCount: r.slideCount, split: r.split, shrunk: r.shrunk, bytes: r.data.byteLength };
  });
  (results.templates as Record<string, unknown>)[template.id] = { ...t, ...info };
  console.log(`.pptx ${template.name.padEnd(5, '　')} median ${t.median} ms  p95 ${t.p95} ms  (${info.slideCount} slides after overflow, ${info.split} split, ${info.shrunk} shrunk, ${(info.bytes / 1024).toFixed(0)} KiB)`);
}
const thumbs = await time(() => layoutDeck(deck, SLIDE_TEMPLATES[0]).map(slideSvg));
results.thumbnails = thumbs;
console.log(`thumbnails (layout + SVG, 30 slides) median ${thumbs.median} ms  p95 ${thumbs.p95} ms`);
const paper = readFileSync(new URL('../../server/engines/slides/fixtures/paper.txt', import.meta.url), 'utf8');
const big = Array.from({ length: 20 }, () => paper).join('\n');
const extract = await time(() => extractOutline(paper, { pageCount: 15 }));
const extractBig = await time(() => extractOutline(big, { pageCount: 30 }));
results.extract = { fixture: { chars: paper.length, ...extract }, twentyTimes: { chars: big.length, ...extractBig } };
console.log(`offline outline (jieba + TextRank): fixture ${paper.length} chars median ${extract.median} ms; 20× (${big.length} chars) median ${extractBig.median} ms`);
mkdirSync(new URL('../out/', import.meta.url), { recursive: true });
writeFileSync(new URL('../out/slides.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
