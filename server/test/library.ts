import type { Executor } from '../db/client';

/** How many hashes' stored document counts differ from the number of documents whose fingerprints hold them. */
export async function hashCountsDrift(db: Executor): Promise<number> {
  const [{ n }] = await db.sql<{ n: number }>(
    `select count(*)::int as n
     from (select hash, count(distinct doc)::int as docs from library_fingerprints group by hash) f
     full join library_hash_docs c using (hash)
     where f.docs is distinct from c.docs`,
  );
  return n;
}
