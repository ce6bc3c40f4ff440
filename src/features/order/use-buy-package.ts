import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrderInfoCreateOrder } from '@/api/gen/order/order';
import type { Order, Package, PayChannel } from '@/api/gen/model';
import { openPayPage } from './pay-page';
import type { Payment } from './payment-dialog';
import { refreshOrders } from './refresh-account';

/** Buying: create an order on an open channel (or take a pending one), open its pay page, then follow it in the payment dialog. */
export function useBuyPackage() {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<Payment | null>(null);
  const create = useOrderInfoCreateOrder();

  const follow = ({ id, orderNo, amountFen, payUrl }: Omit<Payment, 'title'>, title: string) => {
    openPayPage(payUrl);
    setPayment({ id, orderNo, amountFen, payUrl, title });
  };

  const buy = (pkg: Package, payChannel: PayChannel) =>
    create.mutate(
      { data: { packageId: pkg.id, payChannel } },
      {
        onSuccess: (order) => {
          follow(order, pkg.name);
          void refreshOrders(queryClient);
        },
      },
    );

  /** A pending order from the list, paid later. */
  const resume = (order: Order) => {
    if (order.payUrl) follow({ ...order, payUrl: order.payUrl }, order.packageName);
  };

  return {
    buy,
    buyingId: create.isPending ? create.variables?.data.packageId : undefined,
    payment,
    resume,
    close: () => setPayment(null),
  };
}
