import type { Executor } from '../../db/client';
import { COPY_COLUMNS, type LibraryCopyRows, libraryCopyRows } from './fingerprint-rows';
import { intArray } from './pg-arrays';
import { type DocumentRow, documentRow, insertDocumentRows, lastOfEachId, type NewLibraryDocument } from './writes';

/** A bulk load asked of a library that already holds documents. */
export class LibraryNotEmpty extends Error {
  constructor(readonly documents: number) {
    super(`比对库中已有 ${documents} 篇文档：批量导入只用于空比对库，请改用常规导入（去掉 --bulk）`);
  }
}

/** A bulk load on a connection that takes no COPY data (the embedded database while its server runs). */
export class BulkLoadUnavailable extends Error {
  constructor() {
    super('批量导入需要独占数据库：内嵌数据库正由运行中的服务使用，请先停止服务，或改用常规导入（去掉 --bulk）');
  }
}

export interface Batching {
  /** A batch ends at this many documents… */
  maxDocuments: number;
  /** …or once it holds this many characters. */
  maxChars: number;
}

export const IMPORT_BATCHES: Batching = { maxDocuments: 1000, maxChars: 2_000_000 };

/** The documents in batches of at most `maxDocuments` and about `maxChars` characters (one longer document is a batch). */
export async function* batchesOf<T extends { text: string }>(docs: AsyncIterable<T> | Iterable<T>, batching: Batching = IMPORT_BATCHES): AsyncGenerator<T[]> {
  let batch: T[] = [];
  let chars = 0;
  for await (const doc of docs) {
    batch.push(doc);
    chars += doc.text.length;
    if (batch.length >= batching.maxDocuments || chars >= batching.maxChars) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (batch.length) yield batch;
}

/** Counts a text's characters and writes its fingerprint rows for COPY as document `doc` (the worker pool's libraryCopyRows). */
export type CopyRowsPreparer = (text: string, doc: number) => Promise<LibraryCopyRows>;

export interface BulkLoadOptions {
  /** Default: in this thread. */
  prepareRows?: CopyRowsPreparer;
  /** After each batch is written: the documents and characters read so far. */
  onBatch?: (read: { documents: number; chars: number }) => void;
  batching?: Batching;
}

interface PreparedBatch {
  rows: (DocumentRow & { num: number; char_count: number })[];
  copy: string[];
}

// The migration's indexes (0003, 0021), dropped for the load and built once after it: one sort of every row instead
// of an insertion at a random place of an ever larger index for each row.
const FINGERPRINT_INDEX = 'library_fingerprints_hash_doc_idx';
const HASH_DOCS_KEY = 'library_hash_docs_pkey';
// The index's and the key's sorts in memory rather than in temporary files where they fit (unless the server allows
// more already).
const SORT_MEMORY = '256MB';
const OTHER_COUNT_PLANS = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_hashagg'];

/**
 * Loads documents into an empty library in one transaction: rows go in by COPY without the fingerprint index, which
 * is built after the last batch, with the per-hash document counts. The tables stay locked until it commits (lookups
 * and submissions wait); a failure leaves the library as it was, empty. While one batch is written the next is read
 * and fingerprinted (in the worker pool when `prepareRows` runs there). A document whose id came earlier replaces it.
 */
export async function bulkLoad(
  db: Executor,
  docs: AsyncIterable<NewLibraryDocument> | Iterable<NewLibraryDocument>,
  { prepareRows = async (text, doc) => libraryCopyRows(text, doc), onBatch, batching = IMPORT_BATCHES }: BulkLoadOptions = {},
): Promise<{ documents: number; chars: number }> {
  if (!db.copyRows) throw new BulkLoadUnavailable();
  const batches = batchesOf(docs, batching)[Symbol.asyncIterator]();
  return db.transaction(async (tx) => {
    await tx.sql('lock table library_documents, library_fingerprints, library_hash_docs in access exclusive mode');
    const [{ documents: held }] = await tx.sql<{ documents: number }>('select count(*)::int as documents from library_documents');
    if (held) throw new LibraryNotEmpty(held);
    // Emptied at this transaction level (it holds nothing of an empty library), the table takes its rows by COPY FREEZE:
    // frozen and all-visible as written, so the counts below read the new index alone and a vacuum after has no page to
    // visit but those of replaced documents. The price, as PostgreSQL's COPY documents: a snapshot taken before the
    // commit (a pg_dump that started earlier and waited for the lock) sees these rows without their documents.
    await tx.sql('truncate library_fingerprints, library_hash_docs');
    await tx.sql(`drop index ${FINGERPRINT_INDEX}`);
    await tx.sql(`alter table library_hash_docs drop constraint ${HASH_DOCS_KEY}`);
    await tx.sql(
      `select set_config(name, $1, true) from pg_settings
       where name in ('work_mem', 'maintenance_work_mem') and pg_size_bytes(setting || unit) < pg_size_bytes($1)`,
      [SORT_MEMORY],
    );

    // Each document's number is known before it is fingerprinted, so its rows are written whole in the worker. While the
    // lock is held nothing else draws from the sequence (an insert waits for the lock before it evaluates the default).
    const [{ first }] = await tx.sql<{ first: number }>(`select nextval(pg_get_serial_sequence('library_documents', 'num'))::int as first`);
    let drawn = 0;
    const nextPrepared = async (): Promise<PreparedBatch | null> => {
      const next = await batches.next();
      if (next.done) return null;
      const unique = lastOfEachId(next.value);
      const nums = unique.map(() => first + drawn++);
      const prepared = await Promise.all(unique.map((d, i) => prepareRows(d.text, nums[i])));
      return {
        rows: unique.map((d, i) => ({ ...documentRow(d), num: nums[i], char_count: prepared[i].charCount })),
        copy: prepared.map((p) => p.rows),
      };
    };

    const read = { documents: 0, chars: 0 };
    const replaced: number[] = [];
    let pending = nextPrepared();
    for (let batch = await pending; batch; batch = await pending) {
      pending = nextPrepared();
      // Unawaited while this batch is written; its failure surfaces at the await above.
      pending.catch(() => undefined);
      replaced.push(...(await insertReplacing(tx, batch.rows)));
      await tx.copyRows!('library_fingerprints', COPY_COLUMNS, batch.copy, { freeze: true });
      read.documents += batch.rows.length;
      read.chars += batch.rows.reduce((n, r) => n + r.char_count, 0);
      onBatch?.(read);
    }
    if (drawn) await tx.sql(`select setval(pg_get_serial_sequence('library_documents', 'num'), $1::int)`, [first + drawn - 1]);
    if (replaced.length) await tx.sql('delete from library_fingerprints where doc = any($1::int[])', [intArray(replaced)]);
    await tx.sql(`create index ${FINGERPRINT_INDEX} on library_fingerprints using btree (hash, doc)`);
    // Counted from the index, already in (hash, doc) order: an index-only scan (the rows are all-visible) grouped as it
    // goes, with no sort of every row and no hash table of every hash. Without statistics yet the planner would pick
    // exactly those, so they are turned off for this statement's plan, and back to what they were for the statements after.
    for (const plan of OTHER_COUNT_PLANS) await tx.sql(`set local ${plan} = off`);
    await tx.sql(
      `insert into library_hash_docs (hash, docs)
       select hash, count(*)::int from (select hash, doc from library_fingerprints group by hash, doc) d group by hash`,
    );
    for (const plan of OTHER_COUNT_PLANS) await tx.sql(`set local ${plan} to default`);
    await tx.sql(`alter table library_hash_docs add constraint ${HASH_DOCS_KEY} primary key (hash)`);
    const [loaded] = await tx.sql<{ documents: number; chars: string }>(
      'select count(*)::int as documents, coalesce(sum(char_count), 0)::bigint::text as chars from library_documents',
    );
    return { documents: loaded.documents, chars: Number(loaded.chars) };
  });
}

/** Inserts the batch's documents, replacing any loaded earlier under the same id; returns the numbers replaced. */
async function insertReplacing(tx: Executor, rows: PreparedBatch['rows']): Promise<number[]> {
  const inserted = await insertDocumentRows(tx, rows, true);
  const again = rows.filter((r) => !inserted.has(r.id));
  if (!again.length) return [];
  const gone = await tx.sql<{ num: number }>(
    `delete from library_documents where id in (select jsonb_array_elements_text($1::jsonb)) returning num`,
    [JSON.stringify(again.map((r) => r.id))],
  );
  await insertDocumentRows(tx, again);
  return gone.map((g) => g.num);
}
