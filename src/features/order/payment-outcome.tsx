import { Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleX } from 'lucide-react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { Order } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';

export function Paid({ order }: { order: Order }) {
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

export function Ended({ message }: { message: string }) {
  return (
    <Stack gap="2" align="center" textAlign="center" py="2" role="alert">
      <CircleX size={44} color="var(--chakra-colors-red-500)" />
      <Text color="red.600">{message}</Text>
    </Stack>
  );
}
