import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOrderInfoLoadById } from '@/api/gen/order/order';
import { refreshAccount } from './refresh-account';

const PAY_POLL_MS = 1500;

/**
 * Polls the order until it is no longer pending, also while the student is on the pay tab; once it
 * is paid the balance, orders and ledger refresh.
 */
export function useOrderPayment(orderId: string) {
  const queryClient = useQueryClient();
  const query = useOrderInfoLoadById(
    { id: orderId },
    {
      query: {
        meta: { silent: true },
        staleTime: 0,
        refetchIntervalInBackground: true,
        refetchInterval: ({ state }) => {
          const waiting = state.data ? state.data.status === 'pending' : state.status !== 'error';
          return waiting ? PAY_POLL_MS : false;
        },
      },
    },
  );
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'paid') void refreshAccount(queryClient);
  }, [status, queryClient]);
  return query;
}
