import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrderInfoCreateOrder } from '@/api/gen/order/order';
import type { Order, Package, PayChannel } from '@/api/gen/model';
import { openPayPage } from './pay-page';
import type { Payment } from './payment-dialog';
import { refreshOrders } from './refresh-account';

/**
 * Buying: create an order on the chosen open channel (or take a pending one) and follow it in the payment
 * dialog: a QR code to scan (WeChat Pay, Alipay), or the 沙箱支付 page opened in a new tab.
 */
export function useBuyPackage() {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<Payment | null>(null);
  const create = useOrderInfoCreateOrder();

  const follow = (next: Payment) => {
    if (next.payUrl) openPayPage(next.payUrl);
    setPayment(next);
  };

  const buy = (pkg: Package, payChannel: PayChannel) =>
    create.mutate(
      { data: { packageId: pkg.id, payChannel } },
      {
        onSuccess: (order) => {
          follow({ ...order, title: pkg.name, resumed: false });
          void refreshOrders(queryClient);
        },
      },
    );

  /** A pending order from the list, paid later: the dialog first asks the channel whether it was paid meanwhile. */
  const resume = (order: Order) => {
    if (order.payUrl || order.qrCode) follow({ ...order, title: order.packageName, resumed: true });
  };

  return {
    buy,
    buyingId: create.isPending ? create.variables?.data.packageId : undefined,
    payment,
    resume,
    close: () => setPayment(null),
  };
}
