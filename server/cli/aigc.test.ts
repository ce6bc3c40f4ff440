import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, describe, expect, it } from 'vitest';
import { detectAigc, scoreAigc } from '../engines/aigc';
import { aigcCliSummary } from './aigc';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'moyan-cli-aigc-'));
// A database the CLI could not reach, and a data folder it must not create: the command opens neither.
const env = { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PARAGRAPHS = [
  '𠀀人工智能在教育领域的应用具有重要意义。首先，它能够根据学生的学习情况提供个性化的学习建议。此外，智能辅导系统还可以实时分析学生的薄弱环节。',
  '这学期我选了三门课，说实话有点吃不消。周三下午做实验，数据又没记全，只好下周再去补一次。',
];

function stdinRun(args: string[], input: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, code }));
    child.stdin.end(input);
  });
}

describe('npm run cli -- aigc', () => {
  it('FILE --json prints {score, aiCharRatio, sentences} in code points for a .txt file', { timeout: 60_000 }, async () => {
    const text = PARAGRAPHS.join('\n');
    const file = join(dir, 'paper.txt');
    writeFileSync(file, text);
    const { stdout } = await cli('aigc', file, '--json');
    const printed = JSON.parse(stdout) as ReturnType<typeof aigcCliSummary>;
    expect(Object.keys(printed)).toEqual(['score', 'aiCharRatio', 'sentences']);
    expect(printed).toEqual(JSON.parse(JSON.stringify(aigcCliSummary(detectAigc(text)))));
    const codes = [...text];
    expect(codes.slice(printed.sentences[0].start, printed.sentences[0].end).join('')).toBe('𠀀人工智能在教育领域的应用具有重要意义。');
    expect(printed.sentences.every((s) => Object.keys(s).join() === 'start,end,score' && s.score >= 0 && s.score <= 1)).toBe(true);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('reads a .docx through the text engine, and refuses a corrupt file in Chinese', { timeout: 60_000 }, async () => {
    const docx = join(dir, 'paper.docx');
    writeFileSync(docx, await Packer.toBuffer(new Document({ sections: [{ children: PARAGRAPHS.map((p) => new Paragraph(p)) }] })));
    const { stdout } = await cli('aigc', docx, '--json');
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(aigcCliSummary(detectAigc(PARAGRAPHS.join('\n'))))));

    const broken = join(dir, 'broken.docx');
    writeFileSync(broken, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]));
    const failure = await cli('aigc', broken, '--json').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/broken\.docx：.*[\p{Script=Han}]/u);
  });

  it('--jsonl answers one {"score"} line per input line, in order', { timeout: 60_000 }, async () => {
    const texts = [PARAGRAPHS[0], PARAGRAPHS[1], '', PARAGRAPHS.join('\n')];
    const { stdout, code } = await stdinRun(['aigc', '--jsonl'], texts.map((text) => JSON.stringify({ text })).join('\n') + '\n');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { score: number });
    expect(lines).toEqual(texts.map((t) => ({ score: JSON.parse(JSON.stringify(scoreAigc(t))) as number })));
    expect(lines[0].score).toBeGreaterThan(lines[1].score);
  });

  it('--jsonl keeps the order past a bad line, says which line it was and exits 1', { timeout: 60_000 }, async () => {
    const { stdout, code } = await stdinRun(['aigc', '--jsonl'], `${JSON.stringify({ text: PARAGRAPHS[1] })}\nnot json\n{"title":"x"}\n${JSON.stringify({ text: PARAGRAPHS[0] })}\n`);
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { score: number | null; error?: string });
    expect(lines.map((l) => l.score === null)).toEqual([false, true, true, false]);
    expect(lines[1].error).toContain('第 2 行');
    expect(lines[3].score).toBeCloseTo(scoreAigc(PARAGRAPHS[0]), 12);
  });
});
