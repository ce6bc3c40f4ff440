import type { Executor } from '../../db/client';
import type { LibraryOrigin } from '../../db/schema/library';
import type { DocumentMetadata } from '../../engines/similarity/types';
import type { PreparedText, TextPreparer } from '../../engines/similarity/prepare';
import { COPY_COLUMNS, copyLine, fingerprintRows, type HashCounts } from './fingerprint-rows';
import { intArray, textArray } from './pg-arrays';

export interface NewLibraryDocument extends Partial<DocumentMetadata> {
  id: string;
  title: string;
  text: string;
  ownerId?: string | null;
  origin?: LibraryOrigin;
}

export interface DocumentRow {
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

/** A document's row and its fingerprints, computed before any transaction is opened. */
export interface PreparedDocument {
  row: DocumentRow & { char_count: number };
  fingerprints: Omit<PreparedText, 'charCount'>;
}

/** A document's row, as the documents table stores it (its number and character count aside). */
export function documentRow(d: NewLibraryDocument): DocumentRow {
  return {
    id: d.id,
    title: d.title,
    owner_id: d.ownerId ?? null,
    origin: d.origin ?? 'import',
    text: d.text,
    author: d.author ?? null,
    source: d.source ?? null,
    year: d.year ?? null,
    url: d.url ?? null,
  };
}

export async function prepareDocument(d: NewLibraryDocument, prepare: TextPreparer): Promise<PreparedDocument> {
  const { charCount, ...fingerprints } = await prepare(d.text);
  return { row: { ...documentRow(d), char_count: charCount }, fingerprints };
}

/** The last document of each id (a later one replaces an earlier one). */
export function lastOfEachId<T extends { id: string }>(docs: T[]): T[] {
  return [...new Map(docs.map((d) => [d.id, d])).values()];
}

/**
 * Inserts documents' rows (each under its given number, or the next of the sequence) and returns their numbers.
 * `skipTaken`: a row whose id is already in the table is left out, and out of the result, instead of failing all.
 */
export async function insertDocumentRows(
  tx: Executor,
  rows: (DocumentRow & { char_count: number; num?: number })[],
  skipTaken = false,
): Promise<Map<string, number>> {
  const inserted = await tx.sql<{ id: string; num: number }>(
    `insert into library_documents (id, num, title, owner_id, origin, char_count, text, author, source, year, url)
     select id, coalesce(num, nextval(pg_get_serial_sequence('library_documents', 'num'))), title, owner_id, origin,
            char_count, text, author, source, year, url
     from jsonb_to_recordset($1::jsonb)
       as x(id text, num int, title text, owner_id text, origin text, char_count int, text text, author text, source text, year int, url text)
     ${skipTaken ? 'on conflict (id) do nothing' : ''}
     returning id, num`,
    [JSON.stringify(rows)],
  );
  return new Map(inserted.map((r) => [r.id, r.num]));
}

/**
 * Inserts the documents' fingerprint rows, in hash order, by COPY where the connection takes it (the database's work
 * about a third of the same rows sent as arrays: docs/benchmarks.md); returns how many documents hold each hash.
 */
export async function insertFingerprints(tx: Executor, prepared: PreparedDocument[], nums: Map<string, number>): Promise<HashCounts> {
  const { rows, counts } = fingerprintRows(prepared.map((p) => ({ num: nums.get(p.row.id)!, fingerprints: p.fingerprints })));
  if (tx.copyRows) {
    const lines = new Array<string>(rows.hashes.length);
    for (let i = 0; i < lines.length; i++) {
      lines[i] = copyLine(rows.hashes[i], rows.docs[i], rows.positions[i], rows.before[i], rows.after[i]);
    }
    await tx.copyRows('library_fingerprints', COPY_COLUMNS, [lines.join('')]);
    return counts;
  }
  await tx.sql(
    `insert into library_fingerprints (hash, doc, pos, ctx_before, ctx_after)
     select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[])`,
    [intArray(rows.hashes), intArray(rows.docs), intArray(rows.positions), textArray(rows.before), textArray(rows.after)],
  );
  return counts;
}
