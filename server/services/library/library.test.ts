import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { checkText } from '../../engines/similarity/check';
import { libraryFingerprints } from '../../engines/similarity/prepare';
import { COMMON_PHRASES, commonPhraseLibrary, STOCK_SENTENCE, uniqueText } from '../../engines/similarity/fixtures/common-phrases';
import { fixture } from '../../engines/similarity/fixtures/load';
import { countChars } from '@common/char-count';
import { openTestDatabase } from '../../test/database';
import { hashCountsDrift } from '../../test/library';
import { ReferenceLibrary } from './library';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');

let db: Database;
let library: ReferenceLibrary;

beforeAll(async () => {
  db = await openTestDatabase();
  library = new ReferenceLibrary(db);
});
afterAll(() => db.close());

describe('ReferenceLibrary', () => {
  it('indexes documents and reports how many and how many characters', async () => {
    const result = await library.addDocuments([
      { id: 'a', title: '文本相似度', text: A },
      { id: 'b', title: '城市绿地', text: B, ownerId: 'u1', origin: 'submission' },
    ]);
    expect(result).toEqual({ documents: 2, chars: countChars(A) + countChars(B) });
    const stats = await library.stats();
    expect(stats.documents).toBe(2);
    expect(stats.fingerprints).toBeGreaterThan(40);
    expect(stats.bytes).toBeGreaterThan(0);
  });

  it('finds candidates by shared fingerprints, ranked by hits, and loads them', async () => {
    const seeds = libraryFingerprints(`${A}${B.slice(0, 40)}`);
    const candidates = await library.findCandidates(seeds, { limit: 10, excludeIds: [], commonDocs: Infinity });
    expect(candidates.map((c) => c.id)).toEqual(['a', 'b']);
    expect(candidates[0].hits).toBeGreaterThan(candidates[1].hits);
    expect(await library.findCandidates(seeds, { limit: 1, excludeIds: [], commonDocs: Infinity })).toEqual([candidates[0]]);
    expect(await library.findCandidates(seeds, { limit: 10, excludeIds: ['a', 'missing'], commonDocs: Infinity })).toEqual([candidates[1]]);

    const report = await checkText(`${OWN}${A}`, library);
    expect(report.sources.map((s) => [s.id, s.title, s.origin])).toEqual([['a', '文本相似度', 'library']]);
    expect(report.figures.matchedChars).toBe(countChars(A));
    const [doc] = await library.loadDocuments(['b']);
    expect(doc).toEqual({
      id: 'b',
      title: '城市绿地',
      ownerId: 'u1',
      origin: 'submission',
      text: B,
      metadata: { author: null, source: null, year: null, url: null },
    });
  });

  it('leaves out excluded ids when looking up candidates', async () => {
    const report = await checkText(`${A}\n${B}`, library, { excludeDocumentIds: ['a'] });
    expect(report.sources.map((s) => s.id)).toEqual(['b']);
  });

  it('replaces a document imported again under the same id', async () => {
    await library.addDocuments([{ id: 'a', title: '新标题', text: OWN }]);
    expect((await library.stats()).documents).toBe(2);
    expect((await checkText(A, library)).figures.matchedChars).toBe(0);
    const report = await checkText(OWN, library);
    expect(report.sources.map((s) => [s.id, s.title])).toEqual([['a', '新标题']]);
    expect(await hashCountsDrift(db)).toBe(0);
  });

  it('removes a document and all of its fingerprints', async () => {
    const before = await library.stats();
    expect(await library.removeDocuments(['b'])).toBe(1);
    const after = await library.stats();
    expect(after.documents).toBe(before.documents - 1);
    const [{ n }] = await db.sql<{ n: number }>(
      `select count(*)::int as n from library_fingerprints f left join library_documents d on d.num = f.doc where d.id is null`,
    );
    expect(n).toBe(0);
    expect(await hashCountsDrift(db)).toBe(0);
    expect((await checkText(B, library)).sources).toEqual([]);
    expect(await library.removeDocuments(['b'])).toBe(0);
  });

  it('keeps what an import knew (author, source, year, url) and the report’s sources show it', async () => {
    const metadata = { author: '李四', source: '城市规划学刊', year: 2019, url: 'https://example.org/b' };
    await library.addDocuments([{ id: 'meta', title: '绿地与热岛', text: B, ...metadata }]);
    const [doc] = await library.loadDocuments(['meta']);
    expect(doc.metadata).toEqual(metadata);
    const report = await checkText(B, library);
    expect(report.sources.map(({ id, author, source, year, url }) => ({ id, author, source, year, url }))).toEqual([{ id: 'meta', ...metadata }]);
    await library.removeDocuments(['meta']);
  });

  it('keeps texts with quotes, backslashes and astral characters intact', async () => {
    const text = `${B}“引号”\\反斜杠'单引号"𠀀`;
    await library.addDocuments([{ id: 'x"\'y', title: '标题"\\', text }]);
    const [doc] = await library.loadDocuments(['x"\'y']);
    expect(doc.text).toBe(text);
    expect(doc.title).toBe('标题"\\');
  });

  it('keeps per-hash document counts and leaves the common hashes out of candidate search', async () => {
    const { docs, paper, copied } = commonPhraseLibrary(40);
    await library.addDocuments(docs.map(({ id, title, text }) => ({ id, title, text })));
    expect(await hashCountsDrift(db)).toBe(0);
    const [{ most }] = await db.sql<{ most: number }>(`select max(docs)::int as most from library_hash_docs`);
    expect(most).toBeGreaterThanOrEqual(5);

    const all = await checkText(paper, library, { params: { commonDocs: Infinity } });
    expect(all.engine.candidates).toBeGreaterThanOrEqual(41);
    expect(all.figures.matchedChars).toBe(countChars(copied) + countChars(STOCK_SENTENCE));
    // The stock sentence is held by 40 documents: with the threshold at 5 none of them is looked up.
    const report = await checkText(paper, library, { params: { commonDocs: 5 } });
    expect(report.engine.candidates).toBe(1);
    expect(report.sources.map((s) => s.id)).toEqual(['source']);
    expect(report.figures.matchedChars).toBe(countChars(copied));

    await library.removeDocuments(docs.slice(0, 37).map((d) => d.id));
    expect(await hashCountsDrift(db)).toBe(0);
    // Three documents left with the phrase: under the threshold again, they are candidates once more.
    expect((await checkText(paper, library, { params: { commonDocs: 5 } })).engine.candidates).toBe(4);
  });

  it('makes a document a candidate only where a fingerprint’s surroundings agree over a whole match', async () => {
    const shared = (length: number) => uniqueText(7_000 + length, length);
    await library.addDocuments([12, 13].map((n) => ({ id: `run-${n}`, title: `${n}`, text: `${uniqueText(7_100 + n, 80)}${shared(n)}${uniqueText(7_200 + n, 80)}` })));
    for (const n of [12, 13]) {
      const report = await checkText(`${uniqueText(7_300 + n, 60)}${shared(n)}${uniqueText(7_400 + n, 60)}`, library, { params: { commonDocs: Infinity } });
      expect({ n, candidates: report.engine.candidates, sources: report.sources.map((s) => s.id) }).toEqual(
        n === 12 ? { n, candidates: 0, sources: [] } : { n, candidates: 1, sources: [`run-${n}`] },
      );
    }
    // A fingerprint stored without its surroundings (imported before they were kept) always counts.
    await db.sql(`update library_fingerprints set ctx_before = null, ctx_after = null
                  where doc = (select num from library_documents where id = 'run-12')`);
    const before = await checkText(`${uniqueText(7_312, 60)}${shared(12)}${uniqueText(7_412, 60)}`, library, { params: { commonDocs: Infinity } });
    expect(before.engine.candidates).toBe(1);
    expect(before.figures.matchedChars).toBe(0);
    await library.removeDocuments(['run-12', 'run-13']);
    expect(await hashCountsDrift(db)).toBe(0);
  });

  it('counts a document once for a hash it holds in several surroundings, and removes every such row', async () => {
    const phrase = COMMON_PHRASES[0];
    const text = `${uniqueText(8_001, 30)}${phrase}${uniqueText(8_002, 30)}${phrase}${uniqueText(8_003, 30)}`;
    await library.addDocuments([{ id: 'twice', title: '两处', text }]);
    const [{ rows, hashes }] = await db.sql<{ rows: number; hashes: number }>(
      `select count(*)::int as rows, count(distinct hash)::int as hashes from library_fingerprints
       where doc = (select num from library_documents where id = 'twice')`,
    );
    expect(rows).toBeGreaterThan(hashes);
    expect(await hashCountsDrift(db)).toBe(0);
    await library.removeDocuments(['twice']);
    expect(await hashCountsDrift(db)).toBe(0);
    const [{ left }] = await db.sql<{ left: number }>(`select count(*)::int as left from library_fingerprints f where not exists (select 1 from library_documents d where d.num = f.doc)`);
    expect(left).toBe(0);
  });
});
