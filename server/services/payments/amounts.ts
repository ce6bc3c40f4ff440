// Providers speak yuan as decimal strings ("50.00"); the app keeps integer fen. Converted by text, never
// through floating point, and anything that is not a plain amount is refused rather than rounded.
import { chinaDay } from '../free-uses/limits';

/** 5000 -> "50.00", -1 -> "-0.01". */
export function fenToYuan(fen: number): string {
  if (!Number.isInteger(fen)) throw new Error(`not an amount in fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "50.00" -> 5000, "50" -> 5000, "-0.5" -> -50; null for anything else. */
export function yuanToFen(text: string): number | null {
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/** The instants a China-time day (the day providers' bills are cut by) starts and ends at (half-open). */
export function chinaDayRange(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+08:00`);
  if (Number.isNaN(from.getTime()) || chinaDay(from) !== date) throw new Error(`不是有效的日期：${date}`);
  return { from, to: new Date(from.getTime() + 24 * 3600_000) };
}
