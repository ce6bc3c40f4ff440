import type { AigcBand } from '@/api/gen/model';

/** 分档 of the AI character share: the contract's band codes in Chinese. */
export const BAND_LABELS: Record<AigcBand, string> = { high: '高度疑似', medium: '中度疑似', low: '轻度疑似', none: '未见异常' };

export const bandLabel = (band: AigcBand | null | undefined) => (band ? (BAND_LABELS[band] ?? '—') : '—');
