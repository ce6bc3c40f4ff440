import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMockServer } from '@/test/mock-server';
import { renderApp } from '@/test/render-app';
import { MOCK_PAY_CHANNEL, type MockPayAnswer, type MockPayRequest } from './mock-pay-channel';

setupMockServer();

describe('the sandbox pay link in fully mocked mode', () => {
  it('opens a stand-in pay page (not /login) whose 确认支付 is confirmed by the tab that placed the order', async () => {
    // The ordering tab, as mocks/browser.ts answers for it.
    const ordering = new BroadcastChannel(MOCK_PAY_CHANNEL);
    const asked: MockPayRequest[] = [];
    ordering.onmessage = ({ data }: MessageEvent<MockPayRequest>) => {
      asked.push(data);
      ordering.postMessage({ kind: 'paid', orderId: data.orderId, status: 'paid' } satisfies MockPayAnswer);
    };
    try {
      const { user, router } = renderApp('/pay/sandbox/ord-7?token=abc');
      await user.click(await screen.findByRole('button', { name: '确认支付' }));
      expect(router.state.location.pathname).toBe('/pay/sandbox/ord-7');
      await waitFor(() => expect(screen.getByTestId('pay-status')).toHaveTextContent('已支付'));
      expect(screen.getByRole('status')).toHaveTextContent('支付成功，余额已到账');
      expect(asked).toEqual([{ kind: 'pay', orderId: 'ord-7', token: 'abc' }]);
    } finally {
      ordering.close();
    }
  });
});
