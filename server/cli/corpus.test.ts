import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { checkText } from '../engines/similarity/check';
import { fixture } from '../engines/similarity/fixtures/load';
import { countChars } from '@common/char-count';
import { buildDocx } from '../engines/text/fixtures/build';
import { ReferenceLibrary } from '../services/library';
import { openTestDatabase } from '../test/database';
import { inlineCompute } from '../compute';
import { importCorpus, importCorpusBulk } from './corpus';

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

describe('importCorpus: exported archives (.csv, .tsv, .jsonl with metadata)', () => {
  const metadataOf = async (id: string) => (await library.loadDocuments([id]))[0]?.metadata;
  const csvField = (value: string) => `"${value.replace(/"/g, '""')}"`;

  it('imports a .csv with a header, quoted fields (commas, quotes, line breaks), a BOM and metadata', async () => {
    const csv = join(dir, 'archive.csv');
    const rows = [
      ['id', 'title', 'text', 'author', 'source', 'year', 'url'],
      ['csv-a', '文本相似度, 综述', A, '张三', '计算机学报', '2019年', 'https://example.org/a'],
      ['csv-b', '带"引号"的题名', `${B}\n第二段。`, '', '', '', ''],
      ['csv-empty', '没有正文', '', '李四', '', '2020', ''],
    ];
    writeFileSync(csv, `\ufeff${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`);
    const result = await importCorpus([csv], library);
    expect(result.documents).toBe(2);
    expect(result.chars).toBe(countChars(A) + countChars(`${B}\n第二段。`));
    // csv-b spans lines 3 and 4, so the row without text is on line 5.
    expect(result.skipped).toEqual([`${csv} 第 5 行缺少 text`]);
    expect(await metadataOf('csv-a')).toEqual({ author: '张三', source: '计算机学报', year: 2019, url: 'https://example.org/a' });
    expect(await metadataOf('csv-b')).toEqual({ author: null, source: null, year: null, url: null });
    const [b] = await library.loadDocuments(['csv-b']);
    expect([b.title, b.text]).toEqual(['带"引号"的题名', `${B}\n第二段。`]);

    const report = await checkText(A, library, { excludeDocumentIds: ['a'] });
    expect(report.sources.find((s) => s.id === 'csv-a')).toMatchObject({
      title: '文本相似度, 综述',
      author: '张三',
      source: '计算机学报',
      year: 2019,
      url: 'https://example.org/a',
    });
  });

  it('imports a .tsv, takes Chinese header names, leaves the id to file and line when there is none', async () => {
    const tsv = join(dir, 'archive.tsv');
    writeFileSync(tsv, ['标题\t正文\t作者\t来源\t年份', `城市绿地\t${OWN}\t王五\t城市规划学刊\t2021`, `无作者\t${B}\t\t\tn.d.`].join('\n'));
    const result = await importCorpus([tsv], library);
    expect(result).toMatchObject({ documents: 2, skipped: [] });
    expect(await metadataOf('archive.tsv:2')).toEqual({ author: '王五', source: '城市规划学刊', year: 2021, url: null });
    expect((await library.loadDocuments(['archive.tsv:3']))[0]).toMatchObject({
      title: '无作者',
      text: B,
      metadata: { author: null, source: null, year: null, url: null },
    });
  });

  it('refuses a table without a text column, and keeps the rows before a broken quotation', async () => {
    const noText = join(dir, 'no-text.csv');
    writeFileSync(noText, 'title,body\n题目,正文在 body 列\n');
    const refused = await importCorpus([noText], library);
    expect(refused.documents).toBe(0);
    expect(refused.skipped).toEqual([`${noText}：表头没有 text（正文）列，无法导入；表头应为 title, text, author, source, year, url`]);

    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, `id,title,text\nok,完整的行,${OWN}\nbad,坏行,"${B}\n`);
    const partial = await importCorpus([broken], library);
    expect(partial.documents).toBe(1);
    expect(partial.skipped).toHaveLength(1);
    expect(partial.skipped[0]).toMatch(/^.*broken\.csv：表格格式有误（.+），其后的行未导入$/);
  });

  it('reads the same fields from .jsonl; an old {id, title, text} file still imports; an id imported again replaces', async () => {
    const jsonl = join(dir, 'meta.jsonl');
    writeFileSync(
      jsonl,
      [
        JSON.stringify({ id: 'j-1', title: '旧格式', text: OWN }),
        JSON.stringify({ title: '新格式', text: B, author: '赵六', source: '图书情报工作', year: 2018, url: 'https://example.org/j' }),
        JSON.stringify(['not', 'an', 'object']),
      ].join('\n'),
    );
    const result = await importCorpus([jsonl], library);
    expect(result.documents).toBe(2);
    expect(result.skipped).toEqual([`${jsonl} 第 3 行不是一个 JSON 对象`]);
    expect(await metadataOf('j-1')).toEqual({ author: null, source: null, year: null, url: null });
    expect(await metadataOf('meta.jsonl:2')).toEqual({ author: '赵六', source: '图书情报工作', year: 2018, url: 'https://example.org/j' });

    const before = (await library.stats()).documents;
    writeFileSync(jsonl, JSON.stringify({ id: 'j-1', title: '旧格式（修订）', text: OWN, year: '1999' }));
    await importCorpus([jsonl], library);
    expect((await library.stats()).documents).toBe(before);
    expect((await library.loadDocuments(['j-1']))[0]).toMatchObject({ title: '旧格式（修订）', metadata: { year: 1999 } });
  });
});

describe('importCorpusBulk', () => {
  it('loads the same files into an empty library, skipping what it cannot read; a second bulk load is refused', async () => {
    const empty = await openTestDatabase();
    try {
      const folder = join(dir, 'archive');
      mkdirSync(folder);
      writeFileSync(join(folder, 'a.txt'), A);
      writeFileSync(join(folder, 'own.docx'), await buildDocx([OWN]));
      writeFileSync(join(folder, 'broken.docx'), Buffer.from('PK\x03\x04 not really a zip'));
      writeFileSync(join(folder, 'rows.jsonl'), [JSON.stringify({ id: 'r-1', title: '城市绿地', text: B, year: 2020 }), '{broken'].join('\n'));
      const read: number[] = [];
      const result = await importCorpusBulk([folder], empty, inlineCompute(), (progress) => read.push(progress.documents));
      expect(result.documents).toBe(3);
      expect(result.chars).toBe(countChars(A) + countChars(OWN) + countChars(B));
      expect(result.skipped).toHaveLength(2);
      expect(result.skipped[0]).toMatch(/broken\.docx：Word 文档已损坏/);
      expect(result.skipped[1]).toBe(`${join(folder, 'rows.jsonl')} 第 2 行不是有效的 JSON`);
      expect(read).toEqual([3]);

      const bulkLibrary = new ReferenceLibrary(empty);
      const report = await checkText(`${B}${OWN}`, bulkLibrary);
      expect(report.sources.map((s) => s.id).sort()).toEqual(['own.docx', 'r-1']);
      expect((await bulkLibrary.loadDocuments(['r-1']))[0]).toMatchObject({ metadata: { year: 2020 } });

      await expect(importCorpusBulk([folder], empty, inlineCompute())).rejects.toThrow(
        '比对库中已有 3 篇文档：批量导入只用于空比对库，请改用常规导入（去掉 --bulk）',
      );
      expect((await bulkLibrary.stats()).documents).toBe(3);
    } finally {
      await empty.close();
    }
  });
});
