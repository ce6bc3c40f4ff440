import type { Executor } from '../../db/client';
import type { SqlReader } from '../../db/library-reads';
import type { LibraryOrigin } from '../../db/schema/library';
import { DEFAULT_PARAMS, type SimilarityParams } from '../../engines/similarity/params';
import type { Candidate, CandidateQuery, DocumentMetadata, LibraryDocument, LibraryPort } from '../../engines/similarity/types';
import { intArray } from './pg-arrays';
import type { Compute } from '../../compute';
import type { Config } from '../../config';
import { distinctFingerprints, prepareLibraryText, type TextPreparer } from '../../engines/similarity/prepare';

export interface NewLibraryDocument extends Partial<DocumentMetadata> {
  id: string;
  title: string;
  text: string;
  ownerId?: string | null;
  origin?: LibraryOrigin;
}

interface DocumentRow {
  id: string;
  title: string;
  owner_id: string | null;
  origin: LibraryOrigin;
  text: string;
  author: string | null;
  source: string | null;
  year: number | null;
  url: string | null;
}

export interface LibraryStats {
  documents: number;
  chars: number;
  fingerprints: number;
  /** On-disk size of the library's tables with their indexes. */
  bytes: number;
}

interface Prepared {
  row: DocumentRow & { char_count: number };
  hashes: Int32Array;
  positions: Uint32Array;
}

/** Fingerprints already computed for a document's current text, so removing it needs no second pass. */
type KnownHashes = Map<string, { text: string; hashes: Int32Array }>;

/**
 * The reference library: documents and their fingerprint index in PostgreSQL or PGlite. Counting and
 * fingerprinting go through `prepare`, which the API process runs in its worker pool, before any
 * transaction is opened. Lookups (candidates, documents) read the database's library replica when it has one
 * (LIBRARY_READ_DATABASE_URL), caught up to the primary as of this library's first lookup: make one per check.
 * Writes, and what a write reads, stay on `db`.
 */
export class ReferenceLibrary implements LibraryPort {
  private readonly reads: SqlReader;

  constructor(
    private readonly db: Executor,
    private readonly params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS,
    private readonly prepare: TextPreparer = async (text) => prepareLibraryText(text, params),
  ) {
    this.reads = db.libraryReads?.session() ?? db;
  }

  /** Adds documents (replacing any with the same id) and indexes their fingerprints. */
  async addDocuments(docs: NewLibraryDocument[]): Promise<{ documents: number; chars: number }> {
    if (!docs.length) return { documents: 0, chars: 0 };
    const unique = [...new Map(docs.map((d) => [d.id, d])).values()];
    const prepared: Prepared[] = [];
    for (const d of unique) {
      const { charCount, hashes, positions } = await this.prepare(d.text);
      prepared.push({
        row: {
          id: d.id,
          title: d.title,
          owner_id: d.ownerId ?? null,
          origin: d.origin ?? 'import',
          char_count: charCount,
          text: d.text,
          author: d.author ?? null,
          source: d.source ?? null,
          year: d.year ?? null,
          url: d.url ?? null,
        },
        hashes,
        positions,
      });
    }
    const known: KnownHashes = new Map(prepared.map((p) => [p.row.id, { text: p.row.text, hashes: p.hashes }]));
    await this.db.transaction(async (tx) => {
      const deltas = new Map<number, number>();
      await this.removeWith(tx, unique.map((d) => d.id), known, deltas);
      const inserted = await tx.sql<{ id: string; num: number }>(
        `insert into library_documents (id, title, owner_id, origin, char_count, text, author, source, year, url)
         select id, title, owner_id, origin, char_count, text, author, source, year, url
         from jsonb_to_recordset($1::jsonb)
           as x(id text, title text, owner_id text, origin text, char_count int, text text, author text, source text, year int, url text)
         returning id, num`,
        [JSON.stringify(prepared.map((p) => p.row))],
      );
      const nums = new Map(inserted.map((r) => [r.id, r.num]));
      const rows = prepared.flatMap((p) => Array.from(p.hashes, (hash, i) => [hash, nums.get(p.row.id)!, p.positions[i]]));
      // Rows in hash order touch the hash index page by page instead of at random.
      rows.sort((x, y) => x[0] - y[0]);
      await tx.sql(
        `insert into library_fingerprints (hash, doc, pos)
         select * from unnest($1::int[], $2::int[], $3::int[])`,
        [intArray(rows.map((r) => r[0])), intArray(rows.map((r) => r[1])), intArray(rows.map((r) => r[2]))],
      );
      for (const [hash] of rows) deltas.set(hash, (deltas.get(hash) ?? 0) + 1);
      await adjustHashDocs(tx, deltas);
    });
    return { documents: prepared.length, chars: prepared.reduce((n, p) => n + p.row.char_count, 0) };
  }

  /** Removes documents and their fingerprints; returns how many documents existed. */
  async removeDocuments(ids: string[]): Promise<number> {
    const current = await this.db.sql<{ id: string; text: string }>(
      `select id, text from library_documents where id in (select jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(ids)],
    );
    const known: KnownHashes = new Map();
    for (const doc of current) known.set(doc.id, { text: doc.text, hashes: (await this.prepare(doc.text)).hashes });
    return this.db.transaction(async (tx) => {
      const deltas = new Map<number, number>();
      const removed = await this.removeWith(tx, ids, known, deltas);
      await adjustHashDocs(tx, deltas);
      return removed;
    });
  }

  /** Deletes the documents and their fingerprints; each deleted fingerprint lowers its hash's count in `deltas`. */
  private async removeWith(tx: Executor, ids: string[], known: KnownHashes, deltas: Map<number, number>): Promise<number> {
    const existing = await tx.sql<{ id: string; num: number; text: string }>(
      `delete from library_documents where id in (select jsonb_array_elements_text($1::jsonb)) returning id, num, text`,
      [JSON.stringify(ids)],
    );
    for (const doc of existing) {
      const same = known.get(doc.id);
      // The text changed since it was fingerprinted (a concurrent replace): fingerprint what is stored.
      const hashes = same?.text === doc.text ? same.hashes : distinctFingerprints(doc.text, this.params).hashes;
      const gone = await tx.sql<{ hash: number }>(`delete from library_fingerprints where hash = any($1::int[]) and doc = $2 returning hash`, [
        intArray(hashes),
        doc.num,
      ]);
      for (const { hash } of gone) deltas.set(hash, (deltas.get(hash) ?? 0) - 1);
    }
    return existing.length;
  }

  async findCandidates(hashes: Int32Array, options: CandidateQuery): Promise<Candidate[]> {
    if (!hashes.length) return [];
    // The common hashes are dropped and the excluded ids become their nums before the index is read
    // (init plans): the fingerprint rows of a common hash are never visited.
    return this.reads.sql<Candidate>(
      `select d.id, f.hits
       from (select doc, count(*)::int as hits
             from library_fingerprints
             where hash = any(array(select h from unnest($1::int[]) as h
                                    where not exists (select 1 from library_hash_docs c where c.hash = h and c.docs > $4::int)))
               and doc <> all(array(select num from library_documents where id in (select jsonb_array_elements_text($2::jsonb))))
             group by doc
             order by hits desc, doc
             limit $3) f
       join library_documents d on d.num = f.doc
       order by f.hits desc, f.doc`,
      [intArray(hashes), JSON.stringify(options.excludeIds), options.limit, Number.isFinite(options.commonDocs) ? options.commonDocs : null],
    );
  }

  async loadDocuments(ids: string[]): Promise<LibraryDocument[]> {
    if (!ids.length) return [];
    const rows = await this.reads.sql<DocumentRow>(
      `select id, title, owner_id, origin, text, author, source, year, url
       from library_documents where id in (select jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(ids)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        id: r.id,
        title: r.title,
        ownerId: r.owner_id,
        origin: r.origin,
        text: r.text,
        metadata: { author: r.author, source: r.source, year: r.year, url: r.url },
      }));
  }

  /** Refreshes planner statistics and the visibility map after a large import (index-only scans). */
  async optimize(): Promise<void> {
    await this.db.sql('vacuum analyze library_fingerprints');
    await this.db.sql('analyze library_documents');
    await this.db.sql('analyze library_hash_docs');
  }

  async stats(): Promise<LibraryStats> {
    const [row] = await this.db.sql<LibraryStats>(
      `select (select count(*)::int from library_documents) as documents,
              (select coalesce(sum(char_count), 0)::bigint::text from library_documents) as chars,
              (select count(*)::int from library_fingerprints) as fingerprints,
              (pg_total_relation_size('library_documents') + pg_total_relation_size('library_fingerprints')
               + pg_total_relation_size('library_hash_docs'))::bigint::text as bytes`,
    );
    return { documents: row.documents, chars: Number(row.chars), fingerprints: row.fingerprints, bytes: Number(row.bytes) };
  }
}

/** Applies per-hash changes of document counts in hash order (concurrent imports lock rows in one order). */
async function adjustHashDocs(tx: Executor, deltas: Map<number, number>): Promise<void> {
  const changed = [...deltas].filter(([, delta]) => delta !== 0).sort((x, y) => x[0] - y[0]);
  if (!changed.length) return;
  await tx.sql(
    `insert into library_hash_docs (hash, docs)
     select * from unnest($1::int[], $2::int[]) order by 1
     on conflict (hash) do update set docs = library_hash_docs.docs + excluded.docs`,
    [intArray(changed.map((c) => c[0])), intArray(changed.map((c) => c[1]))],
  );
  const lowered = changed.filter(([, delta]) => delta < 0).map(([hash]) => hash);
  if (lowered.length) await tx.sql(`delete from library_hash_docs where hash = any($1::int[]) and docs <= 0`, [intArray(lowered)]);
}

/** The engine's candidate-search settings from the server's configuration (the engine's defaults without one). */
export function librarySearchParams(config?: Pick<Config, 'LIBRARY_COMMON_DOCUMENTS'>): Partial<SimilarityParams> {
  return config ? { commonDocs: config.LIBRARY_COMMON_DOCUMENTS } : {};
}

/** The library with counting and fingerprinting done by the engines (the worker pool in the API and in workers). */
export function libraryFor(db: Executor, compute: Compute, signal?: AbortSignal): ReferenceLibrary {
  return new ReferenceLibrary(db, undefined, (text) => compute.prepareLibraryText({ text }, { signal }));
}
