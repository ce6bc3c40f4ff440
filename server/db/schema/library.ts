import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const libraryOrigins = ['import', 'submission'] as const;
export type LibraryOrigin = (typeof libraryOrigins)[number];

// The reference library of the plagiarism check: imported documents and submissions their authors
// chose to add. `num` is the compact key the fingerprint rows carry. Author, source (the collection or
// publication it came from), year and url are what an import knew; a report's sources show them.
export const libraryDocuments = pgTable(
  'library_documents',
  {
    id: text('id').primaryKey(),
    num: serial('num').notNull().unique(),
    title: text('title').notNull().default(''),
    ownerId: text('owner_id'),
    origin: text('origin', { enum: libraryOrigins }).notNull().default('import'),
    charCount: integer('char_count').notNull().default(0),
    text: text('text').notNull(),
    author: text('author'),
    source: text('source'),
    year: integer('year'),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_documents_owner_idx').on(t.ownerId),
    check('library_documents_origin_check', sql`${t.origin} in ('import', 'submission')`),
    check('library_documents_year_check', sql`${t.year} between 1 and 9999`),
  ],
);

// Winnowed fingerprints, one row per distinct hash and context of a document, looked up by hash. No foreign
// key: bulk imports stay fast, and removal deletes a document's rows by its own hashes (hash index). The
// context (up to t - k normalised characters before and after the k-gram) lets a lookup skip an occurrence
// that cannot lie in a shared run of t characters; rows stored before it existed have none and always count.
export const libraryFingerprints = pgTable(
  'library_fingerprints',
  {
    hash: integer('hash').notNull(),
    doc: integer('doc').notNull(),
    pos: integer('pos').notNull(),
    ctxBefore: text('ctx_before'),
    ctxAfter: text('ctx_after'),
  },
  (t) => [index('library_fingerprints_hash_doc_idx').on(t.hash, t.doc)],
);

// How many documents hold each fingerprint hash (its document frequency), kept in the same transaction
// as the fingerprints on import and removal: a check leaves the most common hashes out of its
// candidate search without counting their rows. A hash held by no document has no row.
export const libraryHashDocs = pgTable('library_hash_docs', {
  hash: integer('hash').primaryKey(),
  docs: integer('docs').notNull(),
});

export type LibraryDocumentRow = typeof libraryDocuments.$inferSelect;
