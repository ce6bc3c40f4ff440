import type { Candidate, CandidateQuery, LibraryDocument, LibraryPort } from '../engines/similarity/types';
import type { Seeds } from '../engines/similarity/seeds';
import type { Host, HostFunctions } from './protocol';

/** The reference library inside a worker: each call is run by the API thread, which holds the database. */
export class RemoteLibrary implements LibraryPort {
  constructor(private readonly host: Host) {}

  findCandidates(seeds: Seeds, options: CandidateQuery): Promise<Candidate[]> {
    return this.host.call('findCandidates', seeds, options);
  }

  loadDocuments(ids: string[]): Promise<LibraryDocument[]> {
    return this.host.call('loadDocuments', ids);
  }
}

/** The API thread's side of RemoteLibrary. */
export function libraryHost(library: LibraryPort): HostFunctions {
  return {
    findCandidates: (seeds: Seeds, options: CandidateQuery) => library.findCandidates(seeds, options),
    loadDocuments: (ids: string[]) => library.loadDocuments(ids),
  };
}
