import type { Command } from 'commander';
import { checkText } from '../engines/similarity/check';
import type { CheckReport } from '../engines/similarity/types';
import { librarySearchParams, ReferenceLibrary } from '../services/library';
import { withDatabase } from './with-database';
import { documentText } from './document-text';

/** The CLI's one-object JSON answer (a contract for operators and evaluations). */
export function cliSummary(report: CheckReport) {
  const { totalChars, matchedChars } = report.figures;
  return {
    totalChars,
    matchedChars,
    ratio: totalChars ? matchedChars / totalChars : 0,
    sources: report.sources.map(({ id, title, matchedChars: chars }) => ({ id, title, matchedChars: chars })),
    spans: report.spans.map(({ start, end, sourceId, sourceStart, sourceEnd }) => ({ start, end, sourceId, sourceStart, sourceEnd })),
  };
}

function printReadable(file: string, report: CheckReport): void {
  const f = report.figures;
  const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
  console.log(`${file}`);
  console.log(`总文字复制比 ${percent(f.totalRatio)}  去除引用 ${percent(f.ratioExcludingQuotes)}  单篇最大 ${percent(f.maxSingleRatio)}`);
  console.log(`总字数 ${f.totalChars}  重复字数 ${f.matchedChars}  段落 ${f.paragraphCount}（疑似 ${f.suspectParagraphCount}）`);
  for (const s of report.sources) console.log(`  ${s.id}  ${s.title}  ${s.matchedChars} 字  ${percent(s.ratio)}`);
}

export function registerCheckCommand(program: Command): void {
  program
    .command('check')
    .description('用比对库检测一个 .txt/.docx/.pdf 文件')
    .argument('<file>', '待检文件')
    .option('--json', '输出一个 JSON 对象 {totalChars, matchedChars, ratio, sources, spans}')
    .option('--full', '输出完整报告 JSON（段落、句子标记、各章节）')
    .action(async (file: string, options: { json?: boolean; full?: boolean }) => {
      const text = await documentText(file);
      if (text === null) return;
      const report = await withDatabase(({ db, config }) => checkText(text, new ReferenceLibrary(db), { params: librarySearchParams(config) }));
      if (options.full) console.log(JSON.stringify(report));
      else if (options.json) console.log(JSON.stringify(cliSummary(report)));
      else printReadable(file, report);
    });
}
