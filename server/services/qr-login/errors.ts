import { gone, notFound } from '../../errors';

export const qrExpired = () => gone('QR_EXPIRED', '二维码已过期，请刷新后重新扫码');
export const qrUsed = () => gone('QR_USED', '二维码已使用，请刷新后重新扫码');
export const qrNotFound = notFound;
