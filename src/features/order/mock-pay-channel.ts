/**
 * Fully mocked mode only: the 沙箱支付 page is the server's, and each browser tab runs its own mocked server. The
 * stand-in pay page (another tab) asks the tab that made the order, over this channel, to confirm it there.
 */
export const MOCK_PAY_CHANNEL = 'moyan-mock-pay';

export type MockPayRequest = { kind: 'pay'; orderId: string; token: string };
export type MockPayAnswer = { kind: 'paid'; orderId: string; status: string } | { kind: 'refused'; orderId: string; message: string };
