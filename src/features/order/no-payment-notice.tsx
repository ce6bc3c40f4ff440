import { EmptyState, VStack } from '@chakra-ui/react';
import { WalletCards } from 'lucide-react';
import { SectionCard } from '@/components/section-card';

/** In place of packages that could not be paid for: this instance has no payment channel open. */
export function NoPaymentNotice({ reason }: { reason: string | null }) {
  return (
    <SectionCard>
      <EmptyState.Root size="md">
        <EmptyState.Content role="status">
          <EmptyState.Indicator color="brand.solid">
            <WalletCards />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{reason ?? '暂未开通在线支付'}</EmptyState.Title>
            <EmptyState.Description>本站没有开通在线支付，暂不出售套餐。管理员为您的账户充值后，余额可用于本站已开放的全部服务。</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </SectionCard>
  );
}
