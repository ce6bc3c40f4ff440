import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { migrateEmbedded, withMigrationsUpTo } from '../../db/migrate';
import { commonPhraseLibrary } from '../../engines/similarity/fixtures/common-phrases';
import { distinctFingerprints } from '../../engines/similarity/prepare';
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
      const { hashes, positions } = distinctFingerprints(doc.text);
      await client.query(`insert into library_fingerprints (hash, doc, pos) select h, $2, p from unnest($1::int[], $3::int[]) as x(h, p)`, [
        intArray(hashes),
        rows[0].num,
        intArray(positions),
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
       from (select hash, count(*)::int as docs from library_fingerprints group by hash) f
       full join library_hash_docs c using (hash)`,
    );
    expect(hashes).toBeGreaterThan(100);
    expect(drift).toBe(0);
    const report = await checkText(paper, new ReferenceLibrary(db), { params: { commonDocs: 5 } });
    expect(report.engine.candidates).toBe(1);
  });
});
