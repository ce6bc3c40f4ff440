import { escapeHtml as e } from './escape-html';
import type { CheckReportView } from './check-view';
import {
  figureRows,
  MARK_LEGEND,
  ORIGIN_LABELS,
  paragraphCaption,
  percent,
  reportTime,
  scopeRows,
  SECTION_LABELS,
  segmentsOf,
  sourceDetails,
  sourceLabels,
} from './check-labels';

const STYLE = `
body { margin: 0; background: #f5f7fa; color: #303133; font: 14px/1.7 -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans SC", sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 32px 24px; background: #fff; }
h1 { text-align: center; font-size: 24px; margin: 0; }
.sub { text-align: center; color: #909399; font-size: 12px; margin: 4px 0 24px; }
h2 { color: #1f5fbf; font-size: 17px; border-bottom: 2px solid #1f5fbf; padding-bottom: 4px; margin-top: 32px; }
dl.meta { display: grid; grid-template-columns: 6em 1fr; gap: 4px 12px; margin: 0; }
dl.meta dt { font-weight: bold; }
dl.meta dd { margin: 0; }
.figures { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; }
.figure { border: 1px solid #e4e7ed; border-radius: 6px; padding: 8px 12px; }
.figure .label { color: #606266; font-size: 12px; }
.figure .value { font-size: 18px; font-weight: bold; }
.figure.main .value { color: #d81e06; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th, td { border-bottom: 1px solid #ebeef5; padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: #f2f3f5; }
th.num, td.num { text-align: right; white-space: nowrap; }
.note { color: #909399; font-size: 12px; }
.paragraph { margin: 16px 0; }
.caption { color: #909399; font-size: 12px; }
.text { margin: 2px 0; white-space: pre-wrap; }
.red { color: #d81e06; }
.orange { color: #e07b00; }
.cited { color: #1a7f37; }
.heading { font-weight: bold; margin: 16px 0 0; }
.details { color: #909399; font-size: 12px; }
.scope-empty { color: #d81e06; }
.match { color: #606266; font-size: 12px; margin: 2px 0 0 1em; }
`;

type Report = CheckReportView;

function meta(report: Report): string {
  return `<dl class="meta">
<dt>篇名</dt><dd>${e(report.title)}</dd>
<dt>作者</dt><dd>${e(report.author || '未填写')}</dd>
<dt>检测时间</dt><dd>${e(reportTime(report.generatedAt))}</dd>
<dt>报告编号</dt><dd>${e(report.id)}</dd>
</dl>`;
}

function figures(report: Report): string {
  const cells = figureRows(report.figures)
    .map(([label, value], i) => `<div class="figure${i === 0 ? ' main' : ''}"><div class="label">${e(label)}</div><div class="value">${e(value)}</div></div>`)
    .join('\n');
  const note = report.figures.referencesExcluded ? '<p class="note">注：参考文献、目录、封面与声明不计入复制比。</p>' : '';
  return `<h2>检测结果</h2><div class="figures">${cells}</div>${note}`;
}

function scope(report: Report): string {
  const rows = scopeRows(report.scope)
    .map(([name, size]) => `<tr><td>${e(name)}</td><td>${e(size)}</td></tr>`)
    .join('\n');
  const empty = report.scope?.documents === 0 ? ' class="scope-empty"' : '';
  return `<h2>检测范围</h2><table${empty}><thead><tr><th>比对库</th><th>规模（检测时）</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function sections(report: Report): string {
  const rows = report.sections
    .map(
      (s) =>
        `<tr><td>${SECTION_LABELS[s.kind]}</td><td>${e(s.heading || '—')}</td><td class="num">${s.charCount}</td><td class="num">${s.matchedChars}</td><td class="num">${percent(s.ratio)}</td><td>${s.excluded ? '不计入' : ''}</td></tr>`,
    )
    .join('\n');
  return `<h2>各部分检测结果</h2><table><thead><tr><th>部分</th><th>标题</th><th class="num">字数</th><th class="num">重复字数</th><th class="num">复制比</th><th>说明</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function details(source: Report['sources'][number]): string {
  const text = sourceDetails(source);
  return text ? `<div class="details">${e(text)}</div>` : '';
}

function sources(report: Report): string {
  if (report.sources.length === 0) return '<h2>相似文献列表</h2><p>未发现相似文献。</p>';
  const rows = report.sources
    .map(
      (s, i) =>
        `<tr><td class="num">${i + 1}</td><td>${e(s.title)}${details(s)}</td><td>${ORIGIN_LABELS[s.origin]}</td><td class="num">${s.matchedChars}</td><td class="num">${percent(s.ratio)}</td></tr>`,
    )
    .join('\n');
  return `<h2>相似文献列表</h2><table><thead><tr><th class="num">序号</th><th>来源</th><th>类型</th><th class="num">重复字数</th><th class="num">占比</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function paragraphs(report: Report): string {
  const label = sourceLabels(report);
  const blocks = report.paragraphs.map((p) => {
    const text = segmentsOf(p)
      .map((s) => {
        if (s.mark === 'none') return e(s.text);
        const source = s.sourceId ? ` title="${e(label(s.sourceId))}"` : '';
        return `<span class="${s.mark}"${source}>${e(s.text)}</span>`;
      })
      .join('');
    const matches = p.matches
      .map((m) => `<div class="match">${e(label(m.sourceId))}：${e(m.sourceText)}</div>`)
      .join('\n');
    const headings = p.headings.map((h) => `<div class="heading">${e(h)}</div>`).join('');
    return `${headings}<div class="paragraph"><div class="caption">${e(paragraphCaption(p))}</div><p class="text">${text}</p>${matches}</div>`;
  });
  const legend = MARK_LEGEND.map(([mark, colour, meaning]) => `<span class="${mark}">${colour}</span>：${meaning}`).join('；');
  return `<h2>原文对照</h2><p class="note">${legend}。</p>${blocks.join('\n')}`;
}

/** The report as one self-contained HTML file (inline CSS, no scripts, every text escaped). */
export function renderReportHtml(report: Report): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(report.title)} - 查重报告</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>文本复制检测报告单</h1>
<p class="sub">墨研论文查重 · 全文标明引文</p>
${meta(report)}
${figures(report)}
${scope(report)}
${sections(report)}
${sources(report)}
${paragraphs(report)}
</main>
</body>
</html>
`;
}
