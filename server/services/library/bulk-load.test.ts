import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { checkText } from '../../engines/similarity/check';
import { commonPhraseLibrary, uniqueText } from '../../engines/similarity/fixtures/common-phrases';
import { fixture } from '../../engines/similarity/fixtures/load';
import { openTestDatabase } from '../../test/database';
import { hashCountsDrift } from '../../test/library';
import { BulkLoadUnavailable, bulkLoad, LibraryNotEmpty } from './bulk-load';
import { libraryCopyRows } from './fingerprint-rows';
import { ReferenceLibrary } from './library';
import type { NewLibraryDocument } from './writes';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');

let db: Database;
let library: ReferenceLibrary;

beforeEach(async () => {
  db = await openTestDatabase();
  library = new ReferenceLibrary(db);
});
afterEach(() => db.close());

/** An archive: the common-phrase library (less its copy of A), two sources and a document whose text holds a tab, a line break and a backslash. */
function archive(): NewLibraryDocument[] {
  const { docs } = commonPhraseLibrary(30);
  return [
    ...docs.filter((d) => d.text !== A).map((d) => ({ id: d.id, title: d.title, text: d.text })),
    { id: 'a', title: '文本相似度', text: A, author: '张三', year: 2019 },
    { id: 'b', title: '城市绿地', text: B, source: '某大学学位论文库' },
    { id: 'odd', title: '制表\t与换行', text: `${uniqueText(9_001, 40)}\t路径 C:\\论文\\\n第二行${uniqueText(9_002, 40)}` },
  ];
}

/** What the library holds, in an order that does not depend on how it was written. */
async function contents(database: Database) {
  const documents = await database.sql(
    `select id, num, title, owner_id, origin, char_count, text, author, source, year, url from library_documents order by num`,
  );
  const fingerprints = await database.sql(`select hash, doc, pos, ctx_before, ctx_after from library_fingerprints order by hash, doc, pos, ctx_before, ctx_after`);
  const counts = await database.sql(`select hash, docs from library_hash_docs order by hash`);
  return { documents, fingerprints, counts };
}

async function indexes(database: Database): Promise<string[]> {
  const rows = await database.sql<{ name: string }>(
    `select indexname as name from pg_indexes where tablename in ('library_fingerprints', 'library_hash_docs') order by 1`,
  );
  return rows.map((r) => r.name);
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Heap Fetches': number;
}

const twoAtATime = { batching: { maxDocuments: 2, maxChars: Number.POSITIVE_INFINITY } };

describe('bulkLoad', () => {
  it('writes what addDocuments writes, with the indexes built after, and checks find the same', async () => {
    const indexed = await indexes(db);
    const docs = archive();
    const loaded = await bulkLoad(db, docs, { ...twoAtATime, onBatch: () => undefined });
    expect(loaded.documents).toBe(docs.length);

    const other = await openTestDatabase();
    try {
      const added = await new ReferenceLibrary(other).addDocuments(docs);
      expect(loaded).toEqual(added);
      expect(await contents(db)).toEqual(await contents(other));
      expect(await indexes(db)).toEqual(indexed);
      expect(await hashCountsDrift(db)).toBe(0);

      const paper = `${OWN}${A.slice(0, 120)}${docs[docs.length - 1].text}`;
      const report = await checkText(paper, library);
      expect(report.sources.map((s) => s.id).sort()).toEqual(['a', 'odd']);
      expect(report).toEqual(await checkText(paper, new ReferenceLibrary(other)));
    } finally {
      await other.close();
    }
  });

  it('fingerprints in the given preparer (the worker pool), each document under the number it is stored as', async () => {
    const seen: number[] = [];
    await bulkLoad(db, archive().slice(-3), {
      prepareRows: async (text, doc) => {
        seen.push(doc);
        return libraryCopyRows(text, doc);
      },
    });
    const nums = await db.sql<{ num: number }>(`select num from library_documents order by num`);
    expect(seen).toEqual(nums.map((r) => r.num));
  });

  it('writes the fingerprint rows frozen and all-visible: the index answers lookups with no heap page read, before any vacuum', async () => {
    await bulkLoad(db, archive(), twoAtATime);
    await db.sql('analyze library_fingerprints');
    const scan = await db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'max_parallel_workers_per_gather']) await tx.sql(`set local ${setting} = 0`);
      const [{ 'QUERY PLAN': [explained] }] = await tx.sql<{ 'QUERY PLAN': { Plan: { Plans: PlanNode[] } }[] }>(
        'explain (analyze, format json) select count(*) from library_fingerprints where hash > -2147483648',
      );
      return explained.Plan.Plans[0];
    });
    expect(scan['Node Type']).toBe('Index Only Scan');
    expect(scan['Actual Rows']).toBeGreaterThan(1000);
    expect(scan['Heap Fetches']).toBe(0);
  });

  it('keeps the last of documents loaded under one id, in one batch or in another', async () => {
    const docs: NewLibraryDocument[] = [
      { id: 'a', title: '旧版', text: B },
      { id: 'x', title: '其他', text: OWN },
      { id: 'a', title: '新版', text: A },
      { id: 'x', title: '其他·改', text: `${OWN}${uniqueText(9_100, 30)}` },
      { id: 'x', title: '其他·终', text: OWN },
    ];
    expect(await bulkLoad(db, docs, twoAtATime)).toEqual({ documents: 2, chars: (await library.stats()).chars });
    const kept = await db.sql<{ id: string; title: string; num: number }>(`select id, title, num from library_documents order by id`);
    expect(kept.map((d) => [d.id, d.title])).toEqual([
      ['a', '新版'],
      ['x', '其他·终'],
    ]);
    const [{ orphans }] = await db.sql<{ orphans: number }>(
      `select count(*)::int as orphans from library_fingerprints where doc not in (select num from library_documents)`,
    );
    expect(orphans).toBe(0);
    expect(await hashCountsDrift(db)).toBe(0);
    const report = await checkText(`${OWN}${B}`, library);
    expect(report.sources.map((s) => s.id)).toEqual(['x']);
  });

  it('refuses a library that holds documents, and changes nothing', async () => {
    await library.addDocuments([{ id: 'a', title: '文本相似度', text: A }]);
    const before = await contents(db);
    const indexed = await indexes(db);
    const refusal = await bulkLoad(db, archive()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LibraryNotEmpty);
    expect((refusal as Error).message).toBe('比对库中已有 1 篇文档：批量导入只用于空比对库，请改用常规导入（去掉 --bulk）');
    expect(await contents(db)).toEqual(before);
    expect(await indexes(db)).toEqual(indexed);
  });

  it('leaves the library empty, indexed and usable when a document fails midway', async () => {
    const indexed = await indexes(db);
    const failing = bulkLoad(db, archive(), {
      ...twoAtATime,
      prepareRows: async (text, doc) => {
        if (text === B) throw new Error('指纹计算失败');
        return libraryCopyRows(text, doc);
      },
    });
    await expect(failing).rejects.toThrow('指纹计算失败');
    expect(await library.stats()).toMatchObject({ documents: 0, fingerprints: 0 });
    expect(await db.sql(`select * from library_hash_docs`)).toEqual([]);
    expect(await indexes(db)).toEqual(indexed);

    await library.addDocuments([{ id: 'a', title: '文本相似度', text: A }]);
    await library.addDocuments([{ id: 'b', title: '城市绿地', text: B }]);
    expect(await hashCountsDrift(db)).toBe(0);
  });

  it('leaves a library that later imports and removals keep counting right', async () => {
    await bulkLoad(db, archive(), twoAtATime);
    const extra = { id: 'c', title: '自述', text: `${OWN}${A.slice(0, 200)}` };
    await library.addDocuments([extra]);
    expect(await library.removeDocuments(['a', 'common-3'])).toBe(2);
    expect(await hashCountsDrift(db)).toBe(0);
    const [{ num }] = await db.sql<{ num: number }>(`select num from library_documents where id = 'c'`);
    const [{ highest }] = await db.sql<{ highest: number }>(`select max(num)::int as highest from library_documents where id <> 'c'`);
    expect(num).toBeGreaterThan(highest);
    const report = await checkText(extra.text, library);
    expect(report.sources.map((s) => s.id)).toEqual(['c']);
  });

  it('loads nothing from nothing and leaves the indexes in place', async () => {
    const indexed = await indexes(db);
    expect(await bulkLoad(db, [])).toEqual({ documents: 0, chars: 0 });
    expect(await indexes(db)).toEqual(indexed);
  });

  it('refuses a connection that takes no COPY data, before touching the library', async () => {
    const { copyRows: _none, ...withoutCopy } = db;
    await expect(bulkLoad(withoutCopy, archive())).rejects.toBeInstanceOf(BulkLoadUnavailable);
    expect((await library.stats()).documents).toBe(0);
  });
});
