import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LockKeyhole } from 'lucide-react';
import { appStore } from '@/stores/app';

export function LoginRequired({ what = '您的记录' }: { what?: string }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LockKeyhole />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>登录后查看{what}</EmptyState.Title>
          <EmptyState.Description>扫码或账号登录后即可使用全部功能</EmptyState.Description>
        </VStack>
        <Button size="sm" colorPalette="brand" onClick={() => appStore.actions.openLogin()}>
          立即登录
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
