import type { AigcBand } from '@/api/gen/model';

/** One colour per band, the same in the badge, the heat bar and its legend, and the paragraph cards. */
export const BAND_PALETTE: Record<AigcBand, string> = { high: 'red', medium: 'orange', low: 'yellow', none: 'green' };

/** A band's fill (heat bar segments and legend): its palette's 500 shade. */
export const bandFill = (band: AigcBand) => `${BAND_PALETTE[band]}.500`;
