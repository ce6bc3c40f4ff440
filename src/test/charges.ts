import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { LedgerEntry } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { callMock } from './call-mock';
import { recordRequests } from './request-log';

/** The mocked user buys a top-up through the sandbox (as 沙箱模拟支付 does), so paid actions can be afforded. */
export async function topUp(token: string, packageId = 'pkg-recharge-10000'): Promise<void> {
  const order = (await callMock<{ id: string; payUrl: string }>('/api/order/order_info_api/create_order', { token, body: { packageId, payChannel: 'sandbox' } })).body.result;
  const url = new URL(order.payUrl, window.location.origin);
  await callMock('/api/order/order_info_api/f/sandbox_notify', { body: { orderId: order.id, token: url.searchParams.get('token') } });
}

export async function ledgerOf(token: string): Promise<LedgerEntry[]> {
  return (await callMock<{ records: LedgerEntry[] }>('/api/base/account_info_api/ledger?pageSize=100', { token })).body.result.records;
}

/**
 * Watches the charging call at `path` while a paid action is walked: `confirm` finds the confirmation the app
 * showed (amount, what for, balance after), holds that nothing reached `path` before it, pays, and holds the
 * ledger to what was shown.
 */
export function watchCharge(path: string, token: string) {
  const requests = recordRequests();
  return {
    async confirm(user: UserEvent): Promise<{ chargeFen: number; purpose: string }> {
      const dialog = await screen.findByTestId('charge-confirm');
      const summary = await within(dialog).findByTestId('charge-summary');
      const chargeFen = Number(summary.dataset.chargeFen);
      const purpose = String(summary.dataset.purpose);
      expect(within(summary).getByText(purpose)).toBeVisible();
      expect(within(summary).getByText('本次扣费').nextElementSibling).toHaveTextContent(formatYuan(chargeFen));
      expect(within(summary).getByText('支付后余额')).toBeVisible();
      expect(requests.calls(path)).toBe(0);
      const before = await ledgerOf(token);
      await user.click(within(dialog).getByRole('button', { name: /^确认/ }));
      await waitFor(() => expect(requests.calls(path)).toBe(1));
      await waitFor(async () => expect((await ledgerOf(token)).length).toBe(before.length + 1));
      const [newest] = await ledgerOf(token);
      expect(newest).toMatchObject({ kind: 'charge', amountFen: -chargeFen || 0, note: purpose, balanceAfterFen: before[0].balanceAfterFen - chargeFen });
      requests.stop();
      return { chargeFen, purpose };
    },
    stop: requests.stop,
  };
}
