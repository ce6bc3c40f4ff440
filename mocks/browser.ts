import { setupWorker } from 'msw/browser';
import { handlers, resetMockState } from './handlers';
import { keepChatIn } from './overrides/chat';
import type { MockData } from './overrides/data-mode';
import { MOCK_PAY_CHANNEL, type MockPayAnswer, type MockPayRequest } from '@/features/order/mock-pay-channel';

/** Where the chosen data stays across reloads and navigation (`?mock=empty`, back with `?mock=seeded`). */
export const MOCK_DATA_KEY = 'moyan.mock';

function chosenData(): MockData {
  const asked = new URLSearchParams(window.location.search).get('mock');
  if (asked === 'empty' || asked === 'seeded') localStorage.setItem(MOCK_DATA_KEY, asked);
  return localStorage.getItem(MOCK_DATA_KEY) === 'empty' ? 'empty' : 'seeded';
}

resetMockState({ data: chosenData() });
keepChatIn(sessionStorage);

export const worker = setupWorker(...handlers);

// The stand-in 沙箱支付 page (src/features/order/mock-pay-page.tsx, another tab) asks here: this tab's mocked
// server holds the order. Tabs that do not know it stay silent.
const payChannel = new BroadcastChannel(MOCK_PAY_CHANNEL);
payChannel.onmessage = async ({ data }: MessageEvent<MockPayRequest>) => {
  if (data?.kind !== 'pay' || window.location.pathname.startsWith('/pay/sandbox/')) return;
  const response = await fetch('/api/order/order_info_api/f/sandbox_notify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderId: data.orderId, token: data.token }),
  });
  if (response.status === 404) return;
  const body = (await response.json()) as { success: boolean; result?: { status: string }; error?: { message: string } };
  const answer: MockPayAnswer = body.success
    ? { kind: 'paid', orderId: data.orderId, status: body.result?.status ?? 'paid' }
    : { kind: 'refused', orderId: data.orderId, message: body.error?.message ?? '支付失败，请重试' };
  payChannel.postMessage(answer);
};
