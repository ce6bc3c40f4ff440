import QRCode from 'qrcode';

/** The spec's QR rendering: error correction L, margin 2, width 300. */
export const QR_IMAGE_OPTIONS = { errorCorrectionLevel: 'L', margin: 2, width: 300 } as const;

/** An SVG data URL: no canvas needed, so it renders the same in every browser and in tests. */
export async function qrImageUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { ...QR_IMAGE_OPTIONS, type: 'svg' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
