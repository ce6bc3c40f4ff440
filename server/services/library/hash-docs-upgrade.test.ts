import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { migrateEmbedded, withMigrationsUpTo } from '../../db/migrate';
import { COMMON_PHRASES, commonPhraseLibrary, uniqueText } from '../../engines/similarity/fixtures/common-phrases';
import { libraryFingerprints } from '../../engines/similarity/prepare';
import { checkText } from '../../engines/similarity/check';
import { intArray } from './pg-arrays';
import { ReferenceLibrary } from './library';

// A library imported before the per-hash document counts existed: the migration that adds them counts the
// stored fingerprints, so its common hashes are left out from the first check after the upgrade.
const journal = JSON.parse(readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: { tag: string }[] };
const BEFORE_COUNTS = journal.entries.findIndex((e) => e.tag.endsWith('_library_hash_docs'));

const dataDir = mkdtempSync(join(tmpdir(), 'moyan-hash-docs-'));
const { docs, paper } = commonPhraseLibrary(40);
let db: Database;

beforeAll(async () => {
  const client = await PGlite.create(join(dataDir, 'pglite'));
  try {
    await withMigrationsUpTo(BEFORE_COUNTS, (folder) => migrateEmbedded(client, folder));
    for (const doc of docs) {
      const { rows } = await client.query<{ num: number }>(`insert into library_documents (id, title, text) values ($1, $2, $3) returning num`, [doc.id, doc.title, doc.text]);
      // Stored as before contexts were kept: each distinct hash of a document once, at its first position.
      const { hashes, positions } = libraryFingerprints(doc.text);
      const first = [...new Map([...hashes].map((hash, i) => [hash, positions[i]] as const).reverse()).entries()];
      await client.query(`insert into library_fingerprints (hash, doc, pos) select h, $2, p from unnest($1::int[], $3::int[]) as x(h, p)`, [
        intArray(first.map(([hash]) => hash)),
        rows[0].num,
        intArray(first.map(([, pos]) => pos)),
      ]);
    }
  } finally {
    await client.close();
  }
  db = await openDatabase({ dataDir });
}, 120_000);

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the migration adding per-hash document counts', () => {
  it('counts the fingerprints already stored', async () => {
    expect(BEFORE_COUNTS).toBeGreaterThan(0);
    const [{ drift, hashes }] = await db.sql<{ drift: number; hashes: number }>(
      `select count(*) filter (where f.docs is distinct from c.docs)::int as drift, count(*)::int as hashes
       from (select hash, count(distinct doc)::int as docs from library_fingerprints group by hash) f
       full join library_hash_docs c using (hash)`,
    );
    expect(hashes).toBeGreaterThan(100);
    expect(drift).toBe(0);
    const report = await checkText(paper, new ReferenceLibrary(db), { params: { commonDocs: 5 } });
    expect(report.engine.candidates).toBe(1);
  });

  it('stores the fingerprints’ surroundings on request (corpus add-contexts), after which short shared phrasing makes no candidate', async () => {
    const phrasing = `${COMMON_PHRASES[0]}${uniqueText(9_101, 80)}${COMMON_PHRASES[1]}${uniqueText(9_102, 80)}`;
    const library = new ReferenceLibrary(db);
    // Rows without surroundings always count: every document holding the phrasing is a candidate.
    expect((await checkText(phrasing, library, { params: { commonDocs: Infinity } })).engine.candidates).toBe(40);
    expect(await library.addMissingContexts(7)).toBe(docs.length);
    const [{ bare }] = await db.sql<{ bare: number }>(`select count(*)::int as bare from library_fingerprints where ctx_before is null or ctx_after is null`);
    expect(bare).toBe(0);
    const [{ drift }] = await db.sql<{ drift: number }>(
      `select count(*)::int as drift from (select hash, count(distinct doc)::int as docs from library_fingerprints group by hash) f
       full join library_hash_docs c using (hash) where f.docs is distinct from c.docs`,
    );
    expect(drift).toBe(0);
    expect((await checkText(phrasing, library, { params: { commonDocs: Infinity } })).engine.candidates).toBe(0);
    expect((await checkText(paper, library, { params: { commonDocs: 5 } })).sources.map((s) => s.id)).toEqual(['source']);
    expect(await library.addMissingContexts()).toBe(0);
  });
});
