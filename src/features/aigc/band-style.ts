import type { AigcBand } from '@/api/gen/model';

/** One colour per band, the same in the badge, the heat bar's legend and the paragraph cards. */
export const BAND_PALETTE: Record<AigcBand, string> = { high: 'red', medium: 'orange', low: 'yellow', none: 'green' };

/** A probability as a heat colour: green (0) through yellow to red (1). */
export function heatColor(probability: number): string {
  const p = Math.min(1, Math.max(0, probability));
  const hue = Math.round(120 * (1 - p));
  return `hsl(${hue}, 70%, ${p > 0.5 ? 48 : 42}%)`;
}
