import { vi } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { payLinkConfirmation } from './pay-page';

/** A call to the mocked server as the signed-in student (or as the pay page, which sends no token). */
type CallOptions = { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown; anonymous?: boolean };

export async function api<T>(path: string, { method = 'POST', query, body, anonymous }: CallOptions = {}) {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const token = localStorage.getItem(TOKEN_KEY);
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && !anonymous ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; error?: { message: string } };
  if (!envelope.success) throw new Error(envelope.error?.message);
  return envelope.result;
}

export type CreatedOrder = { id: string; orderNo: string; payUrl: string; qrCode: string | null };

export const createOrder = (packageId: string, payChannel: 'sandbox' | 'wechat' | 'alipay' = 'sandbox') =>
  api<CreatedOrder>('/api/order/order_info_api/create_order', { body: { packageId, payChannel } });

/** The mocked WeChat Pay / Alipay payer scans the order's code and pays (mocks/overrides/order.ts). */
export const payByScan = (orderNo: string) => api(`/_mock/pay/${orderNo}`, { anonymous: true });

/** What the 沙箱支付 page's 确认支付 button sends. */
export function confirmOnPayPage(payUrl: string) {
  return api('/api/order/order_info_api/f/sandbox_notify', { body: payLinkConfirmation(payUrl), anonymous: true });
}

/** jsdom has no tabs: records what the page asks to open. */
export function spyOnNewTabs() {
  return vi.spyOn(window, 'open').mockImplementation(() => null);
}
