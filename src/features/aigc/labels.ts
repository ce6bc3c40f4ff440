import type { AigcBand } from '@/api/gen/model';

/** 分档 of the AI character share: the contract's band codes in Chinese. */
export const BAND_LABELS: Record<AigcBand, string> = { low: '低', medium: '中', high: '高' };

export const bandLabel = (band: AigcBand | null | undefined) => (band ? (BAND_LABELS[band] ?? '—') : '—');
