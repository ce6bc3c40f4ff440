import { fingerprintText } from './fingerprint';
import { DEFAULT_PARAMS, type SimilarityParams } from './params';
import type { Candidate, CandidateQuery, LibraryDocument, LibraryPort } from './types';

/** The library port held in memory: for tests and for measuring the engine without a database. */
export class MemoryLibrary implements LibraryPort {
  private readonly docs = new Map<string, LibraryDocument>();
  private readonly postings = new Map<number, string[]>();

  constructor(private readonly params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS) {}

  add(doc: LibraryDocument): void {
    this.docs.set(doc.id, doc);
    for (const hash of new Set(fingerprintText(doc.text, this.params).fingerprints.hashes)) {
      const list = this.postings.get(hash);
      if (list) list.push(doc.id);
      else this.postings.set(hash, [doc.id]);
    }
  }

  async findCandidates(hashes: Int32Array, options: CandidateQuery): Promise<Candidate[]> {
    const excluded = new Set(options.excludeIds);
    const hits = new Map<string, number>();
    for (const hash of hashes) {
      const docs = this.postings.get(hash) ?? [];
      if (docs.length > options.commonDocs) continue;
      for (const id of docs) if (!excluded.has(id)) hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    return [...hits]
      .map(([id, n]) => ({ id, hits: n }))
      .sort((x, y) => y.hits - x.hits || (x.id < y.id ? -1 : 1))
      .slice(0, options.limit);
  }

  async loadDocuments(ids: string[]): Promise<LibraryDocument[]> {
    return ids.map((id) => this.docs.get(id)).filter((d): d is LibraryDocument => d !== undefined);
  }
}
