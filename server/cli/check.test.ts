import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, length, offsetOf } from '../engines/similarity/fixtures/load';
import { countChars } from '@common/char-count';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'moyan-cli-'));
const env = { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');

describe('npm run cli -- corpus import / corpus add-contexts / check --json', () => {
  it('indexes a .jsonl file and answers a check with one JSON object in code point offsets', { timeout: 90_000 }, async () => {
    const jsonl = join(dir, 'library.jsonl');
    writeFileSync(jsonl, `${JSON.stringify({ id: 'a', title: '文本相似度', text: A })}\n${JSON.stringify({ id: 'b', title: '城市绿地', text: B })}\n`);
    const imported = await cli('corpus', 'import', jsonl);
    expect(imported.stdout).toContain(`indexed 2 documents, ${countChars(A) + countChars(B)} characters`);
    // An import stores its fingerprints' contexts: nothing is left for the upgrade command to do.
    expect((await cli('corpus', 'add-contexts')).stdout).toContain('已补全 0 篇文档的指纹上下文');

    const copied = A.match(/[^。]+。/g)![2];
    const paper = `𠀀${OWN}\r\n${copied}\r\n${OWN}`;
    const file = join(dir, 'paper.txt');
    writeFileSync(file, paper);
    const { stdout } = await cli('check', file, '--json');
    const start = offsetOf(paper, copied);
    expect(JSON.parse(stdout)).toEqual({
      totalChars: countChars(paper),
      matchedChars: countChars(copied),
      ratio: countChars(copied) / countChars(paper),
      sources: [{ id: 'a', title: '文本相似度', matchedChars: countChars(copied) }],
      spans: [{ start, end: start + length(copied), sourceId: 'a', sourceStart: offsetOf(A, copied), sourceEnd: offsetOf(A, copied) + length(copied) }],
    });
  });

  it('exits with a Chinese message for a file a check cannot run on', async () => {
    const file = join(dir, 'empty.txt');
    writeFileSync(file, '  \n');
    const error = await cli('check', file, '--json').then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain('论文内容为空');
    expect(error?.stdout).toBe('');
  });
});
