import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Order, PayChannel } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { ChannelBadge } from './channel-badge';
import { Ended, Paid } from './payment-outcome';
import { SandboxWaiting } from './sandbox-waiting';
import { ScanToPay } from './scan-to-pay';
import { useOrderPayment } from './use-order-payment';

/** An order waiting for payment: what the dialog shows before the first poll answers. */
export type Payment = {
  id: string;
  orderNo: string;
  amountFen: number;
  payChannel: PayChannel;
  /** 沙箱支付's page; null for a channel paid by scanning. */
  payUrl: string | null;
  /** What WeChat Pay or Alipay wants scanned; null for the sandbox. */
  qrCode: string | null;
  expiresAt: string;
  title: string;
  /** Reopened from the order list: the channel is asked first whether it was paid meanwhile. */
  resumed: boolean;
};

const ENDED: Partial<Record<Order['status'], string>> = {
  closed: '订单已超时关闭，请重新下单',
  refunded: '订单已退款，请重新下单',
};

function PaymentBody({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const scan = payment.qrCode !== null;
  const { query, check, checking, checkFailed } = useOrderPayment(payment.id, { checkFirst: payment.resumed && scan });
  const order = query.data;
  const paid = order?.status === 'paid' ? order : undefined;
  const problem = (order && ENDED[order.status]) ?? (!order && query.error ? query.error.message : undefined);
  const waiting = !paid && !problem;
  return (
    <>
      <Dialog.Header>
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Dialog.Title>{payment.title}</Dialog.Title>
            <ChannelBadge channel={payment.payChannel} />
          </HStack>
          <Text fontSize="xs" color="gray.500">
            订单号 {payment.orderNo}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="3xl" fontWeight="bold" color="brand.solid" aria-label={`应付金额 ${formatYuan(payment.amountFen)}`}>
            {formatYuan(payment.amountFen)}
          </Text>
          {paid && <Paid order={paid} />}
          {problem && <Ended message={problem} />}
          {waiting &&
            (payment.qrCode ? (
              <ScanToPay
                channel={payment.payChannel as Exclude<PayChannel, 'sandbox'>}
                qrCode={payment.qrCode}
                orderNo={payment.orderNo}
                expiresAt={payment.expiresAt}
                onCheck={check}
                checking={checking}
                checkFailed={checkFailed}
              />
            ) : (
              <SandboxWaiting payUrl={payment.payUrl ?? ''} onCheck={() => void query.refetch()} checking={query.isRefetching} />
            ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {paid ? (
          <>
            <Button asChild variant="outline">
              <RouterLink to="/order/account" onClick={onClose}>
                查看账户
              </RouterLink>
            </Button>
            <Button colorPalette="brand" onClick={onClose}>
              完成
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={onClose}>
            {problem ? '关闭' : '稍后支付'}
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}

/** Follows an order until it is paid, closed or the student leaves it for later: a code to scan, or the 沙箱支付 page. */
export function PaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  return (
    <Dialog.Root open={Boolean(payment)} onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {payment && <PaymentBody key={payment.id} payment={payment} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭支付窗口" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
