export type AigcBand = 'high' | 'medium' | 'low' | 'none';

/**
 * Bands of AI字符占比 (characters of sentences judged machine-written over all counted characters), from the
 * top: a ratio at or above `min` falls in the first band it reaches. A human text whose sentences are
 * falsely flagged at the measured rate (about one in twenty) stays under 0.1, 未见异常.
 */
export const AIGC_BANDS: ReadonlyArray<{ band: AigcBand; min: number; label: string }> = [
  { band: 'high', min: 0.6, label: '高度疑似' },
  { band: 'medium', min: 0.3, label: '中度疑似' },
  { band: 'low', min: 0.1, label: '轻度疑似' },
  { band: 'none', min: 0, label: '未见异常' },
];

export function bandOf(aiCharRatio: number): AigcBand {
  return AIGC_BANDS.find((b) => aiCharRatio >= b.min)?.band ?? 'none';
}

export function bandLabel(band: AigcBand): string {
  return AIGC_BANDS.find((b) => b.band === band)!.label;
}
