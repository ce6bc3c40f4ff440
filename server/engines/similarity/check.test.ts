import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import { checkText } from './check';
import { COMMON_PHRASES, commonPhraseLibrary, STOCK_SENTENCE, uniqueText } from './fixtures/common-phrases';
import { fixture, length, libraryDoc, offsetOf } from './fixtures/load';
import { MemoryLibrary } from './memory-library';
import { DEFAULT_PARAMS } from './params';
import { seededRandom } from '../seeded-random';
import type { LibraryDocument } from './types';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');
const sentencesOf = (text: string) => text.match(/[^。]+。/g)!;

function libraryOf(...docs: LibraryDocument[]): MemoryLibrary {
  const lib = new MemoryLibrary();
  for (const d of docs) lib.add(d);
  return lib;
}

const lib = libraryOf(libraryDoc('a', A), libraryDoc('b', B));

describe('checkText finds copies', () => {
  it('finds a verbatim copy with exact offsets into both texts', async () => {
    const copied = sentencesOf(A).slice(1, 3).join('');
    const paper = `${OWN}\n${copied}\n${OWN}`;
    const report = await checkText(paper, lib);
    expect(report.spans).toEqual([
      {
        start: offsetOf(paper, copied),
        end: offsetOf(paper, copied) + length(copied),
        sourceId: 'a',
        sourceStart: offsetOf(A, copied),
        sourceEnd: offsetOf(A, copied) + length(copied),
        quoted: false,
      },
    ]);
    expect(report.figures.matchedChars).toBe(countChars(copied));
    expect(report.figures.totalChars).toBe(countChars(paper));
    expect(report.sources).toEqual([
      {
        id: 'a',
        title: '文献 a',
        origin: 'library',
        author: null,
        source: null,
        year: null,
        url: null,
        matchedChars: countChars(copied),
        ratio: expect.any(Number),
      },
    ]);
  });

  it('finds a copy whose punctuation was changed', async () => {
    const copied = sentencesOf(A)[3];
    const changed = copied.replace(/，/g, ',').replace(/。/g, '；');
    const report = await checkText(`${OWN}${changed}`, lib);
    expect(report.spans).toHaveLength(1);
    expect(report.spans[0].end - report.spans[0].start).toBe(length(changed));
    expect(report.spans[0].sourceStart).toBe(offsetOf(A, copied));
  });

  it('finds a copy written in traditional characters', async () => {
    const copied = sentencesOf(B).slice(0, 2).join('');
    const traditional = OpenCC.Converter({ from: 'cn', to: 'tw' })(copied);
    expect(traditional).not.toBe(copied);
    const report = await checkText(`${OWN}${traditional}`, lib);
    expect(report.figures.matchedChars).toBe(countChars(traditional));
    expect(report.spans.map((s) => s.sourceId)).toEqual(['b']);
  });

  it('finds a copy with whitespace inserted between characters as one span', async () => {
    const copied = sentencesOf(A)[1];
    const spaced = [...copied].map((c, i) => (i % 4 === 3 ? `${c} ` : c)).join('').replace('片段', '片\n段');
    const paper = `${OWN}${spaced}`;
    const report = await checkText(paper, lib);
    expect(report.spans).toHaveLength(1);
    expect(report.spans[0].start).toBe(offsetOf(paper, spaced));
    expect(report.figures.matchedChars).toBe(countChars(copied));
  });

  it('finds reordered sentences, each mapped to its own place in the source', async () => {
    const sentences = sentencesOf(B);
    const reordered = [...sentences].reverse();
    const paper = reordered.join('');
    const report = await checkText(paper, lib);
    expect(report.spans).toHaveLength(sentences.length);
    for (const span of report.spans) {
      const inPaper = [...paper].slice(span.start, span.end).join('');
      expect([...B].slice(span.sourceStart, span.sourceEnd).join('')).toBe(inPaper);
    }
    expect(report.figures.totalRatio).toBe(1);
  });

  it('bridges a few inserted or substituted characters inside a copy', async () => {
    const copied = sentencesOf(A)[3];
    const edited = copied.replace('固定长度', '固定的长度').replace('哈希值', '散列值');
    const report = await checkText(`${OWN}${edited}`, lib);
    expect(report.spans).toHaveLength(1);
    expect(report.spans[0].end - report.spans[0].start).toBe(length(edited));
  });

  it('reports nothing for a text unrelated to the library', async () => {
    const report = await checkText(OWN, lib);
    expect(report.figures.matchedChars).toBe(0);
    expect(report.figures.totalRatio).toBe(0);
    expect(report.sources).toEqual([]);
    expect(report.spans).toEqual([]);
  });
});

describe('checkText: who is compared', () => {
  it('never matches a document against itself when told its library id', async () => {
    const paper = `${OWN}${A}`;
    const withSelf = libraryOf(libraryDoc('a', A), libraryDoc('me', paper));
    expect((await checkText(paper, withSelf)).figures.totalRatio).toBe(1);
    const report = await checkText(paper, withSelf, { excludeDocumentIds: ['me'] });
    expect(report.sources.map((s) => s.id)).toEqual(['a']);
  });

  it('labels the same user’s documents as own and leaves them out of 去除本人已发表复制比', async () => {
    const own = libraryOf(libraryDoc('old', B, { ownerId: 'u1', origin: 'submission' }), libraryDoc('a', A));
    const copiedA = sentencesOf(A)[0];
    const paper = `${B}\n${copiedA}`;
    const report = await checkText(paper, own, { ownerId: 'u1' });
    expect(report.sources.map((s) => [s.id, s.origin])).toEqual([
      ['old', 'own'],
      ['a', 'library'],
    ]);
    expect(report.figures.totalRatio).toBe(1);
    expect(report.figures.ratioExcludingSelf).toBeCloseTo(countChars(copiedA) / countChars(paper), 3);

    const excluded = await checkText(paper, own, { ownerId: 'u1', excludeOwn: true });
    expect(excluded.sources.map((s) => s.id)).toEqual(['a']);
    expect(excluded.figures.totalRatio).toBe(excluded.figures.ratioExcludingSelf);
  });

  it('labels other users’ submissions as submission', async () => {
    const others = libraryOf(libraryDoc('s', A, { ownerId: 'u2', origin: 'submission' }));
    const report = await checkText(A, others, { ownerId: 'u1' });
    expect(report.sources[0].origin).toBe('submission');
  });
});

describe('candidate search leaves common phrasing out', () => {
  const { docs, paper, copied } = commonPhraseLibrary(40);
  const common = libraryOf(...docs);

  it('does not pull every document sharing a frequent stock sentence, and still finds the copy', async () => {
    const report = await checkText(paper, common, { params: { commonDocs: 5 } });
    expect(report.engine.candidates).toBe(1);
    expect(report.sources.map((s) => s.id)).toEqual(['source']);
    expect(report.figures.matchedChars).toBe(countChars(copied));
  });

  it('drops nothing while no hash is held by more documents than the threshold (a small library)', async () => {
    const report = await checkText(paper, common);
    expect(report.engine.candidates).toBe(41);
    // The stock sentence is longer than a match: every document holding it is a source of those characters.
    expect(report.sources).toHaveLength(41);
    expect(report.figures.matchedChars).toBe(countChars(copied) + countChars(STOCK_SENTENCE));
  });

  it('makes no document a candidate for phrasing shorter than a match, however many hold it', async () => {
    const phrasing = libraryOf(
      ...Array.from({ length: 40 }, (_, i) => libraryDoc(`p${i}`, `${uniqueText(i + 1, 50)}${COMMON_PHRASES[0]}${uniqueText(100 + i, 50)}${COMMON_PHRASES[1]}${uniqueText(200 + i, 50)}`)),
    );
    const report = await checkText(`${COMMON_PHRASES[0]}${uniqueText(901, 80)}${COMMON_PHRASES[1]}${uniqueText(902, 80)}`, phrasing, { params: { commonDocs: Infinity } });
    expect(report.engine.candidates).toBe(0);
    expect(report.figures.matchedChars).toBe(0);
  });
});

describe('candidates need a fingerprint whose surroundings agree over a whole match', () => {
  const random = seededRandom(20261128);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  it('finds every document sharing a run of 13 characters or more, and none sharing only a shorter one', async () => {
    for (let run = 0; run < 200; run++) {
      const length = between(DEFAULT_PARAMS.k, 40);
      const shared = uniqueText(50_000 + run, length);
      const doc = libraryDoc('d', `${uniqueText(60_000 + run, between(0, 300))}${shared}${uniqueText(70_000 + run, between(0, 300))}`);
      const paper = `${uniqueText(80_000 + run, between(0, 300))}${shared}${uniqueText(90_000 + run, between(0, 300))}`;
      const report = await checkText(paper, libraryOf(doc));
      expect({ length, candidates: report.engine.candidates }).toEqual({ length, candidates: length >= DEFAULT_PARAMS.t ? 1 : 0 });
    }
  });
});
