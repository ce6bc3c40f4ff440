import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { checkText } from '../engines/similarity/check';
import { fixture } from '../engines/similarity/fixtures/load';
import { countChars } from '../engines/text/count';
import { buildDocx } from '../engines/text/fixtures/build';
import { ReferenceLibrary } from '../services/library';
import { openTestDatabase } from '../test/database';
import { importCorpus } from './corpus';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');

let db: Database;
let library: ReferenceLibrary;
let dir: string;

beforeAll(async () => {
  db = await openTestDatabase();
  library = new ReferenceLibrary(db);
  dir = mkdtempSync(join(tmpdir(), 'moyan-corpus-'));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('importCorpus', () => {
  it('imports .jsonl rows, skipping broken lines with a Chinese reason', async () => {
    const jsonl = join(dir, 'docs.jsonl');
    writeFileSync(
      jsonl,
      [JSON.stringify({ id: 'a', title: '文本相似度', text: A }), '{broken', '', JSON.stringify({ id: 'n', title: '空' })].join('\n'),
    );
    const result = await importCorpus([jsonl], library);
    expect(result.documents).toBe(1);
    expect(result.chars).toBe(countChars(A));
    expect(result.skipped).toEqual([`${jsonl} 第 2 行不是有效的 JSON`, `${jsonl} 第 4 行缺少 text`]);
  });

  it('imports a folder of .txt and .docx files and skips files a check cannot read', async () => {
    const folder = join(dir, 'files');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b.txt'), B);
    writeFileSync(join(folder, 'own.docx'), await buildDocx([OWN]));
    writeFileSync(join(folder, 'broken.docx'), Buffer.from('PK\x03\x04 not really a zip'));
    writeFileSync(join(folder, 'notes.md'), '不导入');
    const result = await importCorpus([folder, join(dir, 'missing.txt')], library);
    expect(result.documents).toBe(2);
    expect(result.chars).toBe(countChars(B) + countChars(OWN));
    expect(result.skipped).toHaveLength(2);
    expect(result.skipped[0]).toMatch(/broken\.docx：Word 文档已损坏/);
    expect(result.skipped[1]).toBe(`${join(dir, 'missing.txt')}：找不到该文件或文件夹`);

    const report = await checkText(`${B}\n${OWN}`, library);
    expect(report.sources.map((s) => [s.id, s.title]).sort()).toEqual([
      ['b.txt', 'b'],
      ['own.docx', 'own'],
    ]);
  });
});
