// `npm run bench -- docx [--paragraphs 1500] [--runs 5]`: the student's own .docx rewritten in place. A thesis of
// --paragraphs body paragraphs (about 100 000 characters at 1 500; a tenth of them one run per character, as a
// file edited over many sessions is), every other paragraph rewritten (a few characters changed in each
// sentence); the median of --runs of: the plan (which rewrites the file takes), the 改写稿, the 标出改动版 (Word
// revisions), and, for comparison, a new .docx of the same text (a pasted paper's download); the heap after.
import { parseArgs } from 'node:util';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { buildTextDocx } from '../../server/engines/docx/from-text';
import { planDocxInPlace, rewriteDocxInPlace } from '../../server/engines/docx/in-place';
import { extractDocx } from '../../server/engines/text/docx';
import { median } from '../stats';

const { values: args } = parseArgs({ options: { paragraphs: { type: 'string', default: '1500' }, runs: { type: 'string', default: '5' } } });
const COUNT = Number(args.paragraphs);
const RUNS = Number(args.runs);
const SENTENCE = '本研究基于省级面板数据考察数字基础设施对农村电商交易规模的影响，并检验其作用机制[1]。';

function thesis(): Document {
  const children: Paragraph[] = [];
  for (let i = 0; i < COUNT; i++) {
    if (i % 30 === 0) children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`第${i / 30 + 1}章 研究内容`)] }));
    const text = `${SENTENCE}第${i + 1}段。`.repeat(1);
    const runs = i % 10 === 0 ? Array.from(text, (c, k) => new TextRun({ text: c, bold: k % 2 === 0 })) : [new TextRun(text.slice(0, 20)), new TextRun({ text: text.slice(20, 24), bold: true }), new TextRun(text.slice(24))];
    children.push(new Paragraph({ indent: { firstLine: 480 }, children: runs }));
  }
  return new Document({ sections: [{ children }] });
}

const time = async (work: () => Promise<unknown>) => {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return median(runs);
};

const docx = await Packer.toBuffer(thesis());
const lines = (await extractDocx(docx, 10_000_000)).split('\n');
const changes = lines.map((original, index) => ({
  index,
  original,
  rewritten: index % 2 ? original.replace('考察', '分析').replace('影响', '作用').replace('检验', '验证') : '',
}));
const chars = lines.reduce((n, l) => n + l.length, 0);
const changed = changes.filter((c) => c.rewritten && c.rewritten !== c.original).length;
console.log(`thesis: ${lines.length} paragraphs, ${chars} characters, ${(docx.length / 1024).toFixed(0)} KB; ${changed} paragraphs rewritten`);
const plan = await time(() => planDocxInPlace(docx, changes));
const clean = await time(() => rewriteDocxInPlace(docx, changes));
const tracked = await time(() => rewriteDocxInPlace(docx, changes, { marks: { author: '墨研', date: '2026-05-04T10:00:00Z' } }));
const fromText = await time(() => buildTextDocx({ title: '数字经济背景下农村电商发展路径研究', paragraphs: changes }));
const check = await rewriteDocxInPlace(docx, changes);
console.log(`plan (which rewrites the file takes)   ${plan.toFixed(0)} ms   (kept: ${check.kept.length})`);
console.log(`改写稿, in place                        ${clean.toFixed(0)} ms`);
console.log(`标出改动版, in place (Word revisions)   ${tracked.toFixed(0)} ms`);
console.log(`new .docx of the same text (pasted)    ${fromText.toFixed(0)} ms`);
console.log(`heap used after: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB (median of ${RUNS} runs each)`);
