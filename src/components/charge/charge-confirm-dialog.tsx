import { Button, Dialog, Portal, Skeleton, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getAccountInfoAccountQueryKey } from '@/api/gen/auth/auth';
import type { ChargeQuoteBody, CostQuote } from '@/api/gen/model';
import { ApiError } from '@/api/http';
import { getAccountInfoLedgerQueryKey, useAccountInfoChargeQuote } from '@/api/gen/order/order';
import { formatYuan } from '@/lib/number';
import { ChargeSummary } from './charge-summary';

export type ChargeConfirmProps = {
  /** The charging call and its parameters, as charge_quote takes them. */
  request: ChargeQuoteBody;
  /** What is being paid for, as the dialog's title: 确认支付：降重. */
  title: string;
  /** What else to know before paying this call, said under the summary. */
  note?: ReactNode;
  /**
   * Makes the charging call (and moves on, e.g. to the record) with the quote the student confirmed, for a call
   * that names the price it accepts; the dialog closes after it, a refusal stays in it.
   */
  onConfirm: (quote: CostQuote) => Promise<unknown>;
  onClose: () => void;
};

/**
 * The one confirmation before every charge: the server's quote for exactly this call (amount, what for, the
 * balance after), then one click that charges. Nothing is charged until 确认支付; a refusal (balance, a record
 * that moved on) is shown here, not as a toast.
 */
export function ChargeConfirmDialog({ request, title, note, onConfirm, onClose }: ChargeConfirmProps) {
  const queryClient = useQueryClient();
  const quote = useAccountInfoChargeQuote(request, { query: { staleTime: 0, gcTime: 0, retry: false, meta: { silent: true } } });
  const pay = useMutation({
    mutationFn: onConfirm,
    meta: { silent: true },
    onSuccess: onClose,
    // The price moved since it was shown (PRICE_CHANGED): show the new one beside the refusal, to confirm again.
    onError: (error) => error instanceof ApiError && error.code === 'PRICE_CHANGED' && void quote.refetch(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAccountInfoAccountQueryKey() }),
        queryClient.invalidateQueries({ queryKey: [getAccountInfoLedgerQueryKey()[0]] }),
      ]),
  });
  const data = quote.data;
  const label = !data ? '确认支付' : data.chargeFen === 0 && data.freeCheck ? '确认，免费提交' : `确认支付 ${formatYuan(data.chargeFen)}`;
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(event) => !event.open && !pay.isPending && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="charge-confirm">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {quote.isPending && <Skeleton h="40" aria-busy="true" />}
              {quote.error && (
                <Text color="red.600" role="alert">
                  {quote.error.message}
                </Text>
              )}
              {data && <ChargeSummary quote={data} />}
              {data && note && (
                <Text color="gray.600" fontSize="sm" mt="3">
                  {note}
                </Text>
              )}
              {pay.error && (
                <Text color="red.600" fontSize="sm" role="alert" mt="3">
                  {pay.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={pay.isPending} onClick={onClose}>
                取消
              </Button>
              {!quote.error && (
                <Button colorPalette="brand" disabled={!data?.enough} loading={pay.isPending} loadingText="正在支付" onClick={() => data && pay.mutate(data)}>
                  {label}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
