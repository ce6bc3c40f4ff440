import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { bandLabel } from '../engines/aigc/bands';
import { detectAigc, scoreAigc } from '../engines/aigc/detect';
import type { AigcReport } from '../engines/aigc/types';
import { fromCodePoints, toCodePoints } from '../engines/text/code-points';
import { documentText } from './document-text';

// `npm run cli -- aigc FILE [--json]` and `npm run cli -- aigc --jsonl`: the offline AIGC detector on a
// file or on lines of standard input. No database, no model endpoint: the evaluations call it directly.

/** The CLI's one-object JSON answer (a contract: code-point offsets into the extracted text). */
export function aigcCliSummary(report: AigcReport) {
  return {
    score: report.score,
    aiCharRatio: report.aiCharRatio,
    sentences: report.paragraphs.flatMap((p) => p.sentences.map(({ start, end, score }) => ({ start, end, score }))),
  };
}

function printReadable(file: string, text: string, report: AigcReport): void {
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(file);
  if (report.tooShort) console.log(`文本过短（${report.chars} 字），不足以判断；以下概率仅供参考`);
  console.log(
    `机器生成概率 ${percent(report.score)}  AI字符占比 ${percent(report.aiCharRatio)}（${report.aiChars}/${report.chars} 字）  ${bandLabel(report.band)}`,
  );
  const codes = toCodePoints(text);
  for (const p of report.paragraphs) {
    for (const s of p.sentences) {
      if (!s.machine) continue;
      console.log(`  [${percent(s.score)}] ${fromCodePoints(codes, s.start, s.end)}`);
      console.log(`      ${s.reasons.join('；')}`);
    }
  }
  console.log(
    `注：检测结果是概率判断，不是定论。本检测器在人工撰写的学术摘要上的误判率实测为 ${percent(report.detector.falseAccusationRate)}。`,
  );
}

/** Reads {"text": ...} lines from `input` and writes {"score": p} lines, in order; false when a line was bad. */
export async function scoreJsonLines(input: NodeJS.ReadableStream, write: (chunk: string) => void): Promise<boolean> {
  let ok = true;
  let buffer: string[] = [];
  let n = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    n++;
    let text: unknown;
    try {
      text = (JSON.parse(line) as { text?: unknown } | null)?.text;
    } catch {
      text = undefined;
    }
    if (typeof text === 'string') buffer.push(JSON.stringify({ score: scoreAigc(text) }));
    else {
      ok = false;
      buffer.push(JSON.stringify({ score: null, error: `第 ${n} 行不是 {"text": "..."} 形式的 JSON` }));
    }
    if (buffer.length >= 256) {
      write(`${buffer.join('\n')}\n`);
      buffer = [];
    }
  }
  if (buffer.length) write(`${buffer.join('\n')}\n`);
  return ok;
}

export function registerAigcCommand(program: Command): void {
  program
    .command('aigc')
    .description('AIGC 检测（离线模型）：一个 .txt/.docx/.pdf 文件，或 --jsonl 从标准输入逐行读取 {"text": ...}')
    .argument('[file]', '待检文件')
    .option('--json', '输出一个 JSON 对象 {score, aiCharRatio, sentences: [{start, end, score}]}（码点偏移）')
    .option('--full', '输出完整报告 JSON（段落、句子、判定依据）')
    .option('--jsonl', '从标准输入逐行读取 {"text": ...}，逐行输出 {"score": p}')
    .action(async (file: string | undefined, options: { json?: boolean; full?: boolean; jsonl?: boolean }) => {
      if (options.jsonl) {
        const ok = await scoreJsonLines(process.stdin, (chunk) => process.stdout.write(chunk));
        if (!ok) process.exitCode = 1;
        return;
      }
      if (!file) throw new Error('请给出待检文件，或用 --jsonl 从标准输入读取');
      const text = await documentText(file);
      if (text === null) return;
      const report = detectAigc(text);
      if (options.full) console.log(JSON.stringify(report));
      else if (options.json) console.log(JSON.stringify(aigcCliSummary(report)));
      else printReadable(file, text, report);
    });
}
