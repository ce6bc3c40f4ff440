import { vocab } from '../vocab';

/** One object of a mocked response, fixed in place by the rules. */
export type Obj = Record<string, unknown>;

/** A rule for objects of one shape (recognised by their keys): settles fields that depend on each other. */
export type Rule = { name: string; applies: (o: Obj) => boolean; fix: (o: Obj) => void };

export const has = (o: Obj, ...keys: string[]) => keys.every((key) => key in o);
export const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Ratios with four decimals, as the server stores them. */
export const ratio4 = (value: number) => Math.round(clamp(value, 0, 1) * 10_000) / 10_000;
/** `value` when it is a number within [min, max], else what `otherwise` gives. */
export const within = (value: unknown, min: number, max: number, otherwise: () => number) =>
  typeof value === 'number' && value >= min && value <= max ? value : otherwise();

export const isDone = (o: Obj) => o.status === 'done';
/** Share of the work a task has done by its progress (0 before it runs, all once done). */
export const doneShare = (o: Obj) => (isDone(o) ? 1 : o.status === 'running' || o.status === 'failed' || o.status === 'cancelled' ? num(o.progress) / 100 : 0);

export const minutesAfter = (iso: unknown, minutes: number) => new Date(Date.parse(String(iso)) + minutes * 60_000).toISOString();
export const newId = () => vocab.id();

/** Sentence ranges of a text, in code points, ending at 。！？； or the end. */
export function sentenceRanges(text: string): Array<{ start: number; end: number }> {
  const chars = Array.from(text);
  const ranges: Array<{ start: number; end: number }> = [];
  let start = 0;
  chars.forEach((ch, i) => {
    if ('。！？；'.includes(ch) || i === chars.length - 1) {
      ranges.push({ start, end: i + 1 });
      start = i + 1;
    }
  });
  return ranges;
}
