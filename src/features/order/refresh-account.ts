import type { QueryClient } from '@tanstack/react-query';
import { getAccountInfoAccountQueryKey } from '@/api/gen/auth/auth';
import { getAccountInfoLedgerQueryKey, getOrderInfoQueryListQueryKey } from '@/api/gen/order/order';

/** After a payment: the balance, every page of the order list and of the ledger load again. */
export function refreshAccount(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getAccountInfoAccountQueryKey() }),
    queryClient.invalidateQueries({ queryKey: [getOrderInfoQueryListQueryKey()[0]] }),
    queryClient.invalidateQueries({ queryKey: [getAccountInfoLedgerQueryKey()[0]] }),
  ]);
}

/** A new order shows in the order list at once. */
export function refreshOrders(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: [getOrderInfoQueryListQueryKey()[0]] });
}
