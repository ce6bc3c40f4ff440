export { type LibraryStats, type NewLibraryDocument, ReferenceLibrary } from './library';
