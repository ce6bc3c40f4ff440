import { PARAGRAPH_ROLES, type ParagraphRole } from './structure';

// Every sentence of a rewritten paragraph says what became of it: rewritten, or kept as it was and why.
// The reasons are values of the contract (KeptReason); the Chinese wording lives with the screens and the
// report.

export const KEPT_REASONS = [
  ...PARAGRAPH_ROLES.filter((r): r is Exclude<ParagraphRole, 'body'> => r !== 'body'),
  /** Nothing in it may be reworded (a quotation, a formula, a list of terms and numbers). */
  'protected',
  /** No edit that keeps it grammatical and every term whole. */
  'no-safe-edit',
  /** Not among what was to be rewritten (学术库降重: not flagged by 查重; 降AIGC: not flagged by the detector). */
  'not-selected',
  /** Every model candidate failed the checks and the offline engine had no safe edit either. */
  'model-rejected',
  /** The model left it as it was. */
  'model-kept',
  /** 降AIGC offline: no rewording of the paragraph our detector scored lower than the original. */
  'not-lowered',
] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];

export interface SentenceStatus {
  /** Code point offsets [start, end) into the original paragraph. */
  start: number;
  end: number;
  status: 'rewritten' | 'kept';
  /** Why it was kept (only when kept). */
  reason?: KeptReason;
}

/** One status for a whole paragraph kept for its role (a title, a heading, a reference...). */
export function keptWhole(text: string, reason: KeptReason): SentenceStatus[] {
  return [{ start: 0, end: [...text].length, status: 'kept', reason }];
}

export interface SentenceCounts {
  rewritten: number;
  kept: number;
  /** Kept sentences by reason. */
  reasons: Partial<Record<KeptReason, number>>;
}

export function countSentences(statuses: readonly SentenceStatus[]): SentenceCounts {
  const counts: SentenceCounts = { rewritten: 0, kept: 0, reasons: {} };
  for (const s of statuses) {
    if (s.status === 'rewritten') counts.rewritten++;
    else {
      counts.kept++;
      if (s.reason) counts.reasons[s.reason] = (counts.reasons[s.reason] ?? 0) + 1;
    }
  }
  return counts;
}
