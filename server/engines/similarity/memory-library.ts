import { DEFAULT_PARAMS, type SimilarityParams } from './params';
import { libraryFingerprints } from './prepare';
import { contextsAgree, contextWidth, type Seeds } from './seeds';
import type { Candidate, CandidateQuery, LibraryDocument, LibraryPort } from './types';

interface Posting {
  id: string;
  before: string;
  after: string;
}

/** The library port held in memory: for tests and for measuring the engine without a database. */
export class MemoryLibrary implements LibraryPort {
  private readonly docs = new Map<string, LibraryDocument>();
  private readonly postings = new Map<number, Posting[]>();

  constructor(private readonly params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS) {}

  add(doc: LibraryDocument): void {
    this.docs.set(doc.id, doc);
    const { hashes, before, after } = libraryFingerprints(doc.text, this.params);
    for (let i = 0; i < hashes.length; i++) {
      const posting = { id: doc.id, before: before[i], after: after[i] };
      const list = this.postings.get(hashes[i]);
      if (list) list.push(posting);
      else this.postings.set(hashes[i], [posting]);
    }
  }

  async findCandidates(seeds: Seeds, options: CandidateQuery): Promise<Candidate[]> {
    const excluded = new Set(options.excludeIds);
    const width = contextWidth(this.params);
    const held = new Map<string, Set<number>>();
    for (let i = 0; i < seeds.hashes.length; i++) {
      const hash = seeds.hashes[i];
      const postings = this.postings.get(hash) ?? [];
      if (new Set(postings.map((p) => p.id)).size > options.commonDocs) continue;
      const seed = { before: seeds.before[i], after: seeds.after[i] };
      for (const p of postings) {
        if (excluded.has(p.id) || !contextsAgree(seed, p, width)) continue;
        const hashesOfDoc = held.get(p.id) ?? new Set<number>();
        hashesOfDoc.add(hash);
        held.set(p.id, hashesOfDoc);
      }
    }
    return [...held]
      .map(([id, hashes]) => ({ id, hits: hashes.size }))
      .sort((x, y) => y.hits - x.hits || (x.id < y.id ? -1 : 1))
      .slice(0, options.limit);
  }

  async loadDocuments(ids: string[]): Promise<LibraryDocument[]> {
    return ids.map((id) => this.docs.get(id)).filter((d): d is LibraryDocument => d !== undefined);
  }
}
