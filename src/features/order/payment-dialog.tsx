import { Badge, Button, CloseButton, Dialog, HStack, Link, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { CircleCheck, CircleX, ExternalLink } from 'lucide-react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { Order } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { MOCK_MODE } from '@/mock-mode';
import { PAY_CHANNEL_LABELS } from './labels';
import { MockPayButton } from './mock-pay-button';
import { payPageHref } from './pay-page';
import { useOrderPayment } from './use-order-payment';

/** An order waiting for payment: what the dialog shows before the first poll answers. */
export type Payment = { id: string; orderNo: string; amountFen: number; payUrl: string; title: string };

const ENDED: Partial<Record<Order['status'], string>> = {
  closed: '订单已超时关闭，请重新下单',
  refunded: '订单已退款，请重新下单',
};

function Waiting({ payment, onCheck, checking }: { payment: Payment; onCheck: () => void; checking: boolean }) {
  return (
    <Stack gap="4">
      <Text color="gray.600" fontSize="sm">
        已在新窗口打开“沙箱支付”页面，请在该页面点击“确认支付”。支付完成后本页会自动更新。
      </Text>
      <HStack gap="2" color="gray.600" fontSize="sm" role="status">
        <Spinner size="sm" color="brand.solid" />
        <Text>等待支付结果…</Text>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" size="sm">
          <Link href={payPageHref(payment.payUrl)} target="_blank" rel="noopener" _hover={{ textDecoration: 'none' }}>
            打开支付页面 <ExternalLink size={14} />
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onCheck} loading={checking}>
          我已支付
        </Button>
        {MOCK_MODE && <MockPayButton payUrl={payment.payUrl} />}
      </HStack>
    </Stack>
  );
}

function Paid({ order }: { order: Order }) {
  const { data: account } = useAccountInfoAccount();
  return (
    <Stack gap="2" align="center" textAlign="center" py="2" role="status">
      <CircleCheck size={44} color="var(--chakra-colors-green-500)" />
      <Text fontSize="lg" fontWeight="semibold">
        支付成功
      </Text>
      <Text color="gray.600">
        {order.packageName}，{formatYuan(order.creditFen)} 已到账
      </Text>
      {account && <Text color="gray.600">当前余额 {formatYuan(account.balanceFen)}</Text>}
    </Stack>
  );
}

function Ended({ message }: { message: string }) {
  return (
    <Stack gap="2" align="center" textAlign="center" py="2" role="alert">
      <CircleX size={44} color="var(--chakra-colors-red-500)" />
      <Text color="red.600">{message}</Text>
    </Stack>
  );
}

function PaymentBody({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const query = useOrderPayment(payment.id);
  const order = query.data;
  const paid = order?.status === 'paid' ? order : undefined;
  const problem = (order && ENDED[order.status]) ?? (!order && query.error ? query.error.message : undefined);
  return (
    <>
      <Dialog.Header>
        <Stack gap="1">
          <HStack gap="2">
            <Dialog.Title>{payment.title}</Dialog.Title>
            <Badge colorPalette="orange" variant="subtle">
              {PAY_CHANNEL_LABELS.sandbox}
            </Badge>
          </HStack>
          <Text fontSize="xs" color="gray.500">
            订单号 {payment.orderNo}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="3xl" fontWeight="bold" color="brand.solid">
            {formatYuan(payment.amountFen)}
          </Text>
          {paid && <Paid order={paid} />}
          {problem && <Ended message={problem} />}
          {!paid && !problem && <Waiting payment={payment} onCheck={() => void query.refetch()} checking={query.isRefetching} />}
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

/** Follows an order on the 沙箱支付 page until it is paid, closed or the student leaves it for later. */
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
