import type { Executor } from '../../db/client';
import type { LibraryOrigin } from '../../db/schema/library';
import { fingerprintText } from '../../engines/similarity/fingerprint';
import { DEFAULT_PARAMS, type SimilarityParams } from '../../engines/similarity/params';
import type { Candidate, DocumentMetadata, LibraryDocument, LibraryPort } from '../../engines/similarity/types';
import { countChars } from '../../engines/text/count';
import { intArray } from './pg-arrays';

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
  /** On-disk size of both tables with their indexes. */
  bytes: number;
}

interface Prepared {
  row: DocumentRow & { char_count: number };
  hashes: Int32Array;
  positions: Uint32Array;
}

/** First position of every distinct fingerprint hash of a text. */
function distinctFingerprints(text: string, params: Pick<SimilarityParams, 'k' | 't'>) {
  const { fingerprints } = fingerprintText(text, params);
  const first = new Map<number, number>();
  for (let i = 0; i < fingerprints.hashes.length; i++) {
    if (!first.has(fingerprints.hashes[i])) first.set(fingerprints.hashes[i], fingerprints.positions[i]);
  }
  return { hashes: Int32Array.from(first.keys()), positions: Uint32Array.from(first.values()) };
}

/** The reference library: documents and their fingerprint index in PostgreSQL or PGlite. */
export class ReferenceLibrary implements LibraryPort {
  constructor(
    private readonly db: Executor,
    private readonly params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS,
  ) {}

  /** Adds documents (replacing any with the same id) and indexes their fingerprints. */
  async addDocuments(docs: NewLibraryDocument[]): Promise<{ documents: number; chars: number }> {
    if (!docs.length) return { documents: 0, chars: 0 };
    const unique = [...new Map(docs.map((d) => [d.id, d])).values()];
    const prepared: Prepared[] = unique.map((d) => ({
      row: {
        id: d.id,
        title: d.title,
        owner_id: d.ownerId ?? null,
        origin: d.origin ?? 'import',
        char_count: countChars(d.text),
        text: d.text,
        author: d.author ?? null,
        source: d.source ?? null,
        year: d.year ?? null,
        url: d.url ?? null,
      },
      ...distinctFingerprints(d.text, this.params),
    }));
    await this.db.transaction(async (tx) => {
      await this.removeWith(tx, unique.map((d) => d.id));
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
    });
    return { documents: prepared.length, chars: prepared.reduce((n, p) => n + p.row.char_count, 0) };
  }

  /** Removes documents and their fingerprints; returns how many documents existed. */
  async removeDocuments(ids: string[]): Promise<number> {
    return this.db.transaction((tx) => this.removeWith(tx, ids));
  }

  private async removeWith(tx: Executor, ids: string[]): Promise<number> {
    const existing = await tx.sql<{ num: number; text: string }>(
      `delete from library_documents where id in (select jsonb_array_elements_text($1::jsonb)) returning num, text`,
      [JSON.stringify(ids)],
    );
    for (const doc of existing) {
      await tx.sql(`delete from library_fingerprints where hash = any($1::int[]) and doc = $2`, [
        intArray(distinctFingerprints(doc.text, this.params).hashes),
        doc.num,
      ]);
    }
    return existing.length;
  }

  async findCandidates(hashes: Int32Array, options: { limit: number; excludeIds: string[] }): Promise<Candidate[]> {
    if (!hashes.length) return [];
    // The excluded ids become their nums once (an init plan), inside the same statement as the lookup.
    return this.db.sql<Candidate>(
      `select d.id, f.hits
       from (select doc, count(*)::int as hits
             from library_fingerprints
             where hash = any($1::int[])
               and doc <> all(array(select num from library_documents where id in (select jsonb_array_elements_text($2::jsonb))))
             group by doc
             order by hits desc, doc
             limit $3) f
       join library_documents d on d.num = f.doc
       order by f.hits desc, f.doc`,
      [intArray(hashes), JSON.stringify(options.excludeIds), options.limit],
    );
  }

  async loadDocuments(ids: string[]): Promise<LibraryDocument[]> {
    if (!ids.length) return [];
    const rows = await this.db.sql<DocumentRow>(
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
  }

  async stats(): Promise<LibraryStats> {
    const [row] = await this.db.sql<LibraryStats>(
      `select (select count(*)::int from library_documents) as documents,
              (select coalesce(sum(char_count), 0)::bigint::text from library_documents) as chars,
              (select count(*)::int from library_fingerprints) as fingerprints,
              (pg_total_relation_size('library_documents') + pg_total_relation_size('library_fingerprints'))::bigint::text as bytes`,
    );
    return { documents: row.documents, chars: Number(row.chars), fingerprints: row.fingerprints, bytes: Number(row.bytes) };
  }
}
