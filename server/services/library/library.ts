import type { Executor } from '../../db/client';
import type { SqlReader } from '../../db/library-reads';
import { DEFAULT_PARAMS, type SimilarityParams } from '../../engines/similarity/params';
import type { Candidate, CandidateQuery, LibraryDocument, LibraryPort } from '../../engines/similarity/types';
import { intArray, textArray } from './pg-arrays';
import type { Compute } from '../../compute';
import type { Config } from '../../config';
import { libraryFingerprints, prepareLibraryText, type TextPreparer } from '../../engines/similarity/prepare';
import { contextWidth, type Seeds } from '../../engines/similarity/seeds';
import { type DocumentRow, insertDocumentRows, insertFingerprints, lastOfEachId, type NewLibraryDocument, prepareDocument, type PreparedDocument } from './writes';

export type { NewLibraryDocument } from './writes';

export interface LibraryStats {
  documents: number;
  chars: number;
  fingerprints: number;
  /** On-disk size of the library's tables with their indexes. */
  bytes: number;
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
    const unique = lastOfEachId(docs);
    const prepared: PreparedDocument[] = [];
    for (const d of unique) prepared.push(await prepareDocument(d, this.prepare));
    const known: KnownHashes = new Map(prepared.map((p) => [p.row.id, { text: p.row.text, hashes: p.fingerprints.hashes }]));
    await this.db.transaction(async (tx) => {
      const deltas = new Map<number, number>();
      await this.removeWith(tx, unique.map((d) => d.id), known, deltas);
      const counts = await insertFingerprints(tx, prepared, await insertDocumentRows(tx, prepared.map((p) => p.row)));
      for (let i = 0; i < counts.hashes.length; i++) deltas.set(counts.hashes[i], (deltas.get(counts.hashes[i]) ?? 0) + counts.counts[i]);
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
      const hashes = same?.text === doc.text ? same.hashes : libraryFingerprints(doc.text, this.params).hashes;
      const gone = await tx.sql<{ hash: number }>(
        `with gone as (delete from library_fingerprints where hash = any($1::int[]) and doc = $2 returning hash)
         select distinct hash from gone`,
        [intArray([...new Set(hashes)]), doc.num],
      );
      for (const { hash } of gone) deltas.set(hash, (deltas.get(hash) ?? 0) - 1);
    }
    return existing.length;
  }

  async findCandidates(seeds: Seeds, options: CandidateQuery): Promise<Candidate[]> {
    if (!seeds.hashes.length) return [];
    // The common hashes and the excluded documents are dropped before the index is read: the fingerprint rows of a
    // common hash are never visited. A row counts when its context agrees with the seed's (see contextsAgree) or
    // has none (stored before contexts were).
    // `materialized`: the seeds are filtered before the join, which the planner would otherwise do row by row after it.
    return this.reads.sql<Candidate>(
      `with s as materialized (
         select * from unnest($1::int[], $5::text[], $6::text[]) as s(hash, before, after)
         where not exists (select 1 from library_hash_docs c where c.hash = s.hash and c.docs > $4::int))
       select d.id, f.hits
       from (select f.doc, count(distinct f.hash)::int as hits
             from s join library_fingerprints f on f.hash = s.hash
             where f.doc <> all(array(select num from library_documents where id in (select jsonb_array_elements_text($2::jsonb))))
               and (f.ctx_before is null or ${agreeingContexts(contextWidth(this.params))})
             group by f.doc
             order by hits desc, f.doc
             limit $3) f
       join library_documents d on d.num = f.doc
       order by f.hits desc, f.doc`,
      [
        intArray(seeds.hashes),
        JSON.stringify(options.excludeIds),
        options.limit,
        Number.isFinite(options.commonDocs) ? options.commonDocs : null,
        textArray(seeds.before),
        textArray(seeds.after),
      ],
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

  /**
   * Keeps the surroundings of fingerprints stored before they were (migration 0023), a batch of documents at a time:
   * their rows are replaced by rows with contexts. The per-hash counts do not change (the same hashes per document).
   * Returns the documents redone; a second run finds none.
   */
  async addMissingContexts(batchSize = 100, onBatch?: (done: number) => void): Promise<number> {
    let after = 0;
    let redone = 0;
    for (;;) {
      const docs = await this.db.sql<{ num: number; text: string }>(
        `select num, text from library_documents where num > $1 order by num limit $2`,
        [after, batchSize],
      );
      if (!docs.length) return redone;
      after = docs[docs.length - 1].num;
      for (const doc of docs) {
        const { hashes, positions, before, after: following } = await this.prepare(doc.text);
        const distinct = intArray([...new Set(hashes)]);
        const [{ stale }] = await this.db.sql<{ stale: boolean }>(
          `select exists (select 1 from library_fingerprints where hash = any($1::int[]) and doc = $2 and ctx_before is null) as stale`,
          [distinct, doc.num],
        );
        if (!stale) continue;
        const done = await this.db.transaction(async (tx) => {
          // A document removed or replaced meanwhile (a replacement gets a new num) is left to that change.
          const [held] = await tx.sql(`select 1 from library_documents where num = $1 for update`, [doc.num]);
          if (!held) return false;
          await tx.sql(`delete from library_fingerprints where hash = any($1::int[]) and doc = $2`, [distinct, doc.num]);
          await tx.sql(
            `insert into library_fingerprints (hash, doc, pos, ctx_before, ctx_after)
             select h, $2, p, b, a from unnest($1::int[], $3::int[], $4::text[], $5::text[]) as x(h, p, b, a)`,
            [intArray(hashes), doc.num, intArray(positions), textArray(before), textArray(following)],
          );
          return true;
        });
        if (done) redone++;
      }
      onBatch?.(redone);
    }
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

/**
 * SQL that holds when a stored context and the seed's agree on at least `width` characters around the k-gram: for
 * some a, the last a characters before it and the first width - a after it. Never false when they do (it may be
 * true for a context cut short by the text's start or end; the alignment decides those).
 */
function agreeingContexts(width: number): string {
  return `(${Array.from({ length: width + 1 }, (_, a) => `(right(f.ctx_before, ${a}) = right(s.before, ${a}) and left(f.ctx_after, ${width - a}) = left(s.after, ${width - a}))`).join(' or ')})`;
}

/** Applies per-hash changes of document counts in hash order (concurrent imports lock rows in one order). */
async function adjustHashDocs(tx: Executor, deltas: Map<number, number>): Promise<void> {
  const hashes = Int32Array.from(deltas.keys()).sort();
  const changes = Array.from(hashes, (hash) => deltas.get(hash)!);
  if (!changes.some((delta) => delta !== 0)) return;
  await tx.sql(
    `insert into library_hash_docs (hash, docs)
     select * from unnest($1::int[], $2::int[]) as x(hash, docs) where docs <> 0 order by 1
     on conflict (hash) do update set docs = library_hash_docs.docs + excluded.docs`,
    [intArray(hashes), intArray(changes)],
  );
  const lowered = hashes.filter((hash) => deltas.get(hash)! < 0);
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
