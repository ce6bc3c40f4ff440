export { libraryFor, librarySearchParams, type LibraryStats, type NewLibraryDocument, ReferenceLibrary } from './library';
export { type LibraryScope, libraryScope, librarySize, LOCAL_LIBRARY_NAME, PUBLIC_LIBRARY_NAME } from './scope';
export { libraryState, logLibraryState } from './state';
export { batchesOf, BulkLoadUnavailable, bulkLoad, type BulkLoadOptions, LibraryNotEmpty } from './bulk-load';
