// `npm run check:docx`: the .docx files students get, opened by another program. LibreOffice (headless) converts
// each to PDF and poppler reads the PDFs back: the AI paper (page numbers: none on the cover, I II … in the front
// matter, 1 2 … in the body; a table of contents with a number on every entry, compared with the page each heading
// is on), a student's thesis rewritten in place (clean and with Word revisions), and a pasted paper's new .docx.
// Every page is also rendered to PNG under e2e/artifacts/docx/ to be looked at. Needs `soffice` and `pdftotext`
// (Debian: apt-get install -y --no-install-recommends libreoffice-writer poppler-utils); .ci/run calls it when it
// installed them. Chinese text is drawn with Noto Sans SC from node_modules (no font package needed).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTextDocx } from '../server/engines/docx/from-text';
import { buildThesisDocx, THESIS_REWRITES, THESIS_TITLE } from '../server/engines/docx/fixtures/thesis';
import { rewriteDocxInPlace } from '../server/engines/docx/in-place';
import { extractDocx } from '../server/engines/text/docx';
import { buildPaperDocx } from '../server/engines/writing/docx';
import { samplePaper } from '../server/engines/writing/test/sample-paper';

const OUT = fileURLToPath(new URL('../e2e/artifacts/docx/', import.meta.url));
const MARKS = { author: '墨研', date: '2026-05-04T10:00:00Z' };
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function need(command: string) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    console.error(`${command} 未安装：apt-get install -y --no-install-recommends libreoffice-writer poppler-utils`);
    process.exit(2);
  }
}
need('soffice');
need('pdftotext');
need('pdftoppm');

/** A fontconfig that adds Noto Sans SC (node_modules) to the system's fonts, so LibreOffice draws Chinese. */
function fontConfig(dir: string): string {
  const require = createRequire(import.meta.url);
  const noto = dirname(dirname(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${noto}</dir><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>`,
  );
  return file;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'moyan-check-docx-'));

// The files.
const thesis = await buildThesisDocx();
const lines = (await extractDocx(thesis, 1_000_000)).split('\n');
const changes = lines.map((original, index) => ({ index, original, rewritten: THESIS_REWRITES[original] ?? '' }));
const files: Record<string, Uint8Array> = {
  paper: await buildPaperDocx(samplePaper()),
  'thesis-original': thesis,
  'thesis-rewritten': (await rewriteDocxInPlace(thesis, changes)).docx,
  'thesis-tracked': (await rewriteDocxInPlace(thesis, changes, { marks: MARKS })).docx,
  'pasted-tracked': await buildTextDocx({ title: THESIS_TITLE, paragraphs: changes, marks: MARKS }),
};
for (const [name, data] of Object.entries(files)) writeFileSync(join(OUT, `${name}.docx`), data);

// LibreOffice converts them all in one run, with a profile of its own.
const started = performance.now();
const convert = spawnSync(
  'soffice',
  ['--headless', `-env:UserInstallation=file://${join(work, 'profile')}`, '--convert-to', 'pdf', '--outdir', OUT, ...Object.keys(files).map((n) => join(OUT, `${n}.docx`))],
  { env: { ...process.env, FONTCONFIG_FILE: fontConfig(work) }, encoding: 'utf8', timeout: 300_000 },
);
console.log(`LibreOffice: ${((performance.now() - started) / 1000).toFixed(1)} s`);
check(convert.status === 0, `soffice --convert-to pdf exits 0 (${convert.status}${convert.stderr ? `: ${convert.stderr.trim().split('\n').at(-1)}` : ''})`);
for (const name of Object.keys(files)) {
  const pdf = join(OUT, `${name}.pdf`);
  let size = 0;
  try {
    size = statSync(pdf).size;
  } catch {
    // missing: size 0
  }
  check(size > 1000, `${name}.pdf written (${size} bytes)`);
}
if (failures.length) process.exit(1);

const pagesOf = (name: string) => {
  const pdf = join(OUT, `${name}.pdf`);
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
  return Array.from({ length: count }, (_, i) => execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), pdf, '-'], { encoding: 'utf8' }));
};
const nonEmpty = (page: string) => page.split('\n').map((l) => l.trim()).filter(Boolean);
/** The number a page shows in its footer: its last line when that is only a number. */
const footer = (page: string) => /^([0-9]+|[IVXLC]+)$/.exec(nonEmpty(page).at(-1) ?? '')?.[1] ?? null;
const roman = (n: number) => ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'][n] ?? String(n);

// The AI paper: page numbers and the table of contents.
const paper = pagesOf('paper');
const labels = paper.map(footer);
const bodyStart = paper.findIndex((p, i) => i > 0 && nonEmpty(p)[0]?.replace(/\s+/g, '').startsWith('第1章'));
console.log(`paper: ${paper.length} pages, footers ${labels.map((l) => l ?? '–').join(' ')}`);
check(labels[0] === null, 'the cover shows no page number');
check(bodyStart > 1 && labels.slice(1, bodyStart).every((l, i) => l === roman(i + 1)), 'the front matter (摘要, Abstract, 目录) is numbered I, II, III …');
check(bodyStart > 1 && labels.slice(bodyStart).every((l, i) => l === String(i + 1)), 'the body is numbered 1, 2, 3 … from its first chapter');
const tocPage = paper.findIndex((p) => nonEmpty(p)[0]?.replace(/\s+/g, '') === '目录');
const entries = tocPage < 0 ? [] : nonEmpty(paper[tocPage]).flatMap((l) => {
  const m = /^(.+?)\s*\.{3,}\s*([0-9]+|[IVXLC]+)$/.exec(l);
  return m ? [{ heading: m[1].trim(), number: m[2] }] : [];
});
check(entries.length >= 10, `the table of contents lists ${entries.length} entries, each with a page number`);
// Measured, not required: does each entry's number match the page LibreOffice puts the heading on?
const squash = (s: string) => s.replace(/\s+/g, '');
const deviations = entries.map((e) => {
  const page = paper.findIndex((p, i) => i !== tocPage && nonEmpty(p).some((l) => squash(l) === squash(e.heading)));
  const shown = page < 0 ? null : labels[page];
  const toPage = (label: string | null) => (label === null ? NaN : /^\d+$/.test(label) ? bodyStart + Number(label) - 1 : Number(['I', 'II', 'III', 'IV', 'V'].indexOf(label)) + 1);
  return Math.abs(toPage(shown) - toPage(e.number));
});
const matching = deviations.filter((d) => d === 0).length;
const off = entries.filter((_, i) => deviations[i] !== 0).map((e) => e.heading);
console.log(`table of contents against LibreOffice's pages: ${matching} of ${entries.length} entries on the page they name, at most ${Math.max(0, ...deviations.filter(Number.isFinite))} pages off${off.length ? ` (not: ${off.join('、')})` : ''}; the numbers are estimated when the file is written, Word recomputes them on opening`);

// The student's thesis rewritten in place.
for (const name of ['thesis-original', 'thesis-rewritten', 'thesis-tracked']) {
  const text = pagesOf(name).join('\n');
  check(/第\s*1\s*页/.test(text), `${name}: the header's page field shows 第 1 页`);
  check(/第\s*1\s*章/.test(text) && /1\.1/.test(text), `${name}: the numbered headings (第1章, 1.1) are there`);
  check(text.includes('数据来源：国家统计局'), `${name}: the footnote is there`);
}
const rewritten = squash(pagesOf('thesis-rewritten').join(''));
check(rewritten.includes(squash('样本期内县域电商服务站覆盖率显著提升')), 'thesis-rewritten: the rewritten table cell reads as rewritten');
const tracked = squash(pagesOf('thesis-tracked').join(''));
check(tracked.includes('实施推进') && tracked.includes('渠道途径'), 'thesis-tracked: LibreOffice shows each revision, the deleted text beside the inserted');
const pasted = squash(pagesOf('pasted-tracked').join(''));
check(pasted.split(squash(THESIS_TITLE)).length === 2, 'pasted-tracked: the title appears once');

// PNGs to look at.
for (const name of Object.keys(files)) execFileSync('pdftoppm', ['-r', '60', '-png', join(OUT, `${name}.pdf`), join(OUT, name)]);
console.log(`${readdirSync(OUT).filter((f) => f.endsWith('.png')).length} pages rendered to ${OUT}`);
rmSync(work, { recursive: true, force: true });
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('\ncheck:docx passed');
