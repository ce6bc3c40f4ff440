import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrderInfoCreateOrder } from '@/api/gen/order/order';
import type { Package } from '@/api/gen/model';
import { openPayPage } from './pay-page';
import type { Payment } from './payment-dialog';
import { refreshOrders } from './refresh-account';

/** Buying: create a sandbox order, open its pay page, then follow it in the payment dialog. */
export function useBuyPackage() {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<Payment | null>(null);
  const create = useOrderInfoCreateOrder();

  const buy = (pkg: Package) =>
    create.mutate(
      { data: { packageId: pkg.id, payChannel: 'sandbox' } },
      {
        onSuccess: (order) => {
          openPayPage(order.payUrl);
          setPayment({ id: order.id, orderNo: order.orderNo, amountFen: order.amountFen, payUrl: order.payUrl, title: pkg.name });
          void refreshOrders(queryClient);
        },
      },
    );

  return {
    buy,
    buyingId: create.isPending ? create.variables?.data.packageId : undefined,
    payment,
    resume: setPayment,
    close: () => setPayment(null),
  };
}
