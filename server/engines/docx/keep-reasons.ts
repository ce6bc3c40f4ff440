/**
 * Why a paragraph whose rewrite the student accepted keeps its original text in their own Word file: it is
 * in a text box (or joined to one), in alternate content, the change falls in a field result (a TOC, a
 * figure number), in a revision already in the file (or the paragraph is joined to the next by a deleted
 * mark), in a content control, in structure not written as plain runs, or the paragraph is not found.
 */
export const KEEP_REASONS = ['textbox', 'alternate-content', 'field', 'revision', 'content-control', 'structure', 'not-found'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];
