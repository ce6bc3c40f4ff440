// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../services/orders/orders';
import { sandboxPayPage } from './sandbox-pay';

const ORDER = {
  id: 'ord-1',
  orderNo: 'MY2026112208300012',
  packageName: '充值 50 元',
  amountFen: 5000,
  creditFen: 5200,
  status: 'pending',
} as OrderView;

/** The page as a browser runs it (its markup, then its script), its confirmation answered by `answer`. */
function openPage(answer: unknown) {
  const html = sandboxPayPage(ORDER, { script: 'n', style: 'n' });
  document.body.innerHTML = html.slice(html.indexOf('<main>'), html.indexOf('</main>') + '</main>'.length);
  vi.stubGlobal('fetch', async () => ({ json: async () => answer }));
  new Function(html.slice(html.indexOf('<script nonce="n">') + '<script nonce="n">'.length, html.lastIndexOf('</script>')))();
  return document;
}

describe('the sandbox pay page', () => {
  it('says 已支付 beside 支付成功 once paid, not the 待支付 it opened with', async () => {
    const page = openPage({ success: true, result: { ...ORDER, status: 'paid' } });
    expect(page.getElementById('status')?.textContent).toBe('待支付');
    page.getElementById('confirm')?.click();
    await expect.poll(() => page.getElementById('result')?.textContent).toBe('支付成功，余额已到账');
    expect(page.getElementById('status')?.textContent).toBe('已支付');
  });

  it('keeps 待支付 when the payment is refused', async () => {
    const page = openPage({ success: false, error: { code: 'INVALID_PAY_LINK', message: '支付链接无效' } });
    page.getElementById('confirm')?.click();
    await expect.poll(() => page.getElementById('result')?.textContent).toBe('支付链接无效');
    expect(page.getElementById('status')?.textContent).toBe('待支付');
  });
});
