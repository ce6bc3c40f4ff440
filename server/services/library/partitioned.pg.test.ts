import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { checkText } from '../../engines/similarity/check';
import { fixture } from '../../engines/similarity/fixtures/load';
import { openTestDatabase } from '../../test/database';
import { ReferenceLibrary } from './library';

// The fingerprint table's layout is ready for hash partitioning (server/engines/similarity/README.md): the same
// library code imports, checks and removes on library_fingerprints made PARTITION BY HASH (hash), rows spread over
// every partition. Citus distributes it the same way (by hash), which PostgreSQL alone cannot run here.

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');
const PARTITIONS = 4;

describe('the library on a hash-partitioned fingerprint table', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.sql('drop table library_fingerprints');
    await db.sql(`create table library_fingerprints (hash integer not null, doc integer not null, pos integer not null, ctx_before text, ctx_after text)
       partition by hash (hash)`);
    for (let i = 0; i < PARTITIONS; i++) {
      await db.sql(`create table library_fingerprints_${i} partition of library_fingerprints for values with (modulus ${PARTITIONS}, remainder ${i})`);
    }
    await db.sql('create index library_fingerprints_hash_doc_idx on library_fingerprints (hash, doc)');
  });
  afterAll(() => db.close());

  it('imports into every partition, finds a copy, and removes a document from each', async () => {
    const library = new ReferenceLibrary(db);
    await library.addDocuments([
      { id: 'a', title: '文献甲', text: A },
      { id: 'b', title: '文献乙', text: B },
    ]);
    const perPartition = await db.sql<{ part: string; rows: number }>(
      `select tableoid::regclass::text as part, count(*)::int as rows from library_fingerprints group by 1 order by 1`,
    );
    expect(perPartition).toHaveLength(PARTITIONS);

    const report = await checkText(`${OWN}\n${A}`, new ReferenceLibrary(db));
    expect(report.sources.map((s) => s.id)).toEqual(['a']);
    expect(report.figures.totalRatio).toBeGreaterThan(0.5);

    expect(await library.removeDocuments(['a'])).toBe(1);
    expect((await checkText(`${OWN}\n${A}`, new ReferenceLibrary(db))).sources).toEqual([]);
    const [left] = await db.sql<{ rows: number; drift: number }>(
      `select (select count(*)::int from library_fingerprints) as rows,
              (select count(*)::int from (select hash, count(distinct doc)::int as docs from library_fingerprints group by hash) f
                 full join library_hash_docs c using (hash) where f.docs is distinct from c.docs) as drift`,
    );
    expect(left.drift).toBe(0);
    expect(left.rows).toBe((await library.stats()).fingerprints);
    expect((await checkText(B, new ReferenceLibrary(db))).sources.map((s) => s.id)).toEqual(['b']);
  });

  it('a lookup by hash reads only the partitions its hashes fall in', async () => {
    const [{ hash }] = await db.sql<{ hash: number }>('select hash from library_fingerprints limit 1');
    const plan = await db.sql<{ 'QUERY PLAN': string }>(`explain select doc from library_fingerprints where hash = ${hash}`);
    const scanned = new Set(plan.flatMap((line) => [...line['QUERY PLAN'].matchAll(/ on (library_fingerprints_\d+)/g)].map((m) => m[1])));
    expect(scanned.size).toBe(1);
  });
});
