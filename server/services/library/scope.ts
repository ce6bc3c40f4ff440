import type { Executor } from '../../db/client';

/** Imported documents without a source of their own belong to the public library. */
export const PUBLIC_LIBRARY_NAME = '墨研公共比对库';
/** Papers whose authors ticked 加入比对库: this instance's own collection (a university's 本校库). */
export const LOCAL_LIBRARY_NAME = '本校库';
const MAX_COLLECTIONS = 20;

export interface LibraryCollection {
  name: string;
  kind: 'import' | 'submission';
  documents: number;
  chars: number;
}

/** 检测范围: what a check was compared against, as it stood when the check ran. */
export interface LibraryScope {
  documents: number;
  chars: number;
  collections: LibraryCollection[];
}

/** Documents and characters in the whole library (one pass over the documents table). */
export async function librarySize(db: Executor): Promise<{ documents: number; chars: number }> {
  const [row] = await db.sql<{ documents: number; chars: string }>(
    `select count(*)::int as documents, coalesce(sum(char_count), 0)::bigint::text as chars from library_documents`,
  );
  return { documents: row.documents, chars: Number(row.chars) };
}

/**
 * The library's collections: imports grouped by their source (or the public library), the largest first
 * and the long tail folded into one line, then the submissions (本校库).
 */
export async function libraryScope(db: Executor): Promise<LibraryScope> {
  const rows = await db.sql<{ origin: string; source: string | null; documents: number; chars: string }>(
    `select origin, nullif(btrim(source), '') as source, count(*)::int as documents, coalesce(sum(char_count), 0)::bigint::text as chars
     from library_documents
     group by 1, 2
     order by documents desc, source`,
  );
  const imports: LibraryCollection[] = [];
  let submissions: LibraryCollection | null = null;
  for (const row of rows) {
    const chars = Number(row.chars);
    if (row.origin === 'submission') {
      submissions ??= { name: LOCAL_LIBRARY_NAME, kind: 'submission', documents: 0, chars: 0 };
      submissions.documents += row.documents;
      submissions.chars += chars;
      continue;
    }
    const name = row.source ?? PUBLIC_LIBRARY_NAME;
    const same = imports.find((c) => c.name === name);
    if (same) {
      same.documents += row.documents;
      same.chars += chars;
    } else {
      imports.push({ name, kind: 'import', documents: row.documents, chars });
    }
  }
  const shown = imports.slice(0, MAX_COLLECTIONS - 1);
  const rest = imports.slice(MAX_COLLECTIONS - 1);
  if (rest.length === 1) shown.push(rest[0]);
  else if (rest.length > 1) {
    shown.push({
      name: `其他 ${rest.length} 个来源`,
      kind: 'import',
      documents: rest.reduce((n, c) => n + c.documents, 0),
      chars: rest.reduce((n, c) => n + c.chars, 0),
    });
  }
  const collections = submissions ? [...shown, submissions] : shown;
  return {
    documents: collections.reduce((n, c) => n + c.documents, 0),
    chars: collections.reduce((n, c) => n + c.chars, 0),
    collections,
  };
}
