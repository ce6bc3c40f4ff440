/** The pay URL is relative to the API server, which also serves the 沙箱支付 page. */
export function payPageHref(payUrl: string): string {
  return new URL(payUrl, import.meta.env.VITE_API_BASE_URL || window.location.origin).href;
}

/** Opens the pay page in a new tab; the payment dialog also links to it should the browser block the tab. */
export function openPayPage(payUrl: string): void {
  window.open(payPageHref(payUrl), '_blank', 'noopener');
}

/** What the 沙箱支付 page's 确认支付 sends back: the order id and token its link carries (`/pay/sandbox/<id>?token=…`). */
export function payLinkConfirmation(payUrl: string): { orderId: string; token: string } {
  const url = new URL(payUrl, window.location.origin);
  return { orderId: decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? ''), token: url.searchParams.get('token') ?? '' };
}
