import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getOrderInfoLoadByIdQueryKey, useOrderInfoLoadById, useOrderInfoSync } from '@/api/gen/order/order';
import { refreshAccount } from './refresh-account';

const PAY_POLL_MS = 1500;

/**
 * Polls the order until it is no longer pending, also while the student is on the pay tab; once it
 * is paid the balance, orders and ledger refresh. `check` asks the channel itself (我已支付, or a
 * reopened dialog) and shows what it answered at once.
 */
export function useOrderPayment(orderId: string, { checkFirst }: { checkFirst: boolean }) {
  const queryClient = useQueryClient();
  const params = { id: orderId };
  const query = useOrderInfoLoadById(params, {
    query: {
      meta: { silent: true },
      staleTime: 0,
      refetchIntervalInBackground: true,
      refetchInterval: ({ state }) => {
        const waiting = state.data ? state.data.status === 'pending' : state.status !== 'error';
        return waiting ? PAY_POLL_MS : false;
      },
    },
  });
  const sync = useOrderInfoSync({
    mutation: {
      meta: { silent: true },
      onSuccess: (order) => queryClient.setQueryData(getOrderInfoLoadByIdQueryKey(params), order),
    },
  });
  const check = () => sync.mutate({ params });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'paid') void refreshAccount(queryClient);
  }, [status, queryClient]);
  // A dialog reopened on a pending order asks the channel first: the scan may have succeeded while it was closed.
  const { mutate } = sync;
  useEffect(() => {
    if (checkFirst) mutate({ params: { id: orderId } });
  }, [checkFirst, orderId, mutate]);
  return { query, check, checking: sync.isPending, checkFailed: sync.isError };
}
