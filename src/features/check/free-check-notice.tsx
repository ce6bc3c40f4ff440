import { Alert, Button } from '@chakra-ui/react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import { useSignedIn } from '@/components/use-signed-in';
import { appStore } from '@/stores/app';

/**
 * The first check after a QR sign-up is free: visitors are told how to get it, owners that they have it,
 * and a QR account that got none (its device or network had used the day's allowance) why not.
 */
export function FreeCheckNotice() {
  const signedIn = useSignedIn();
  const account = useAccountInfoAccount({ query: { enabled: signedIn } });
  if (!signedIn) {
    return (
      <Alert.Root status="info" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>微信扫码登录首次免费查重</Alert.Title>
          <Alert.Description>扫码注册的新用户，第一篇论文查重不收费。</Alert.Description>
        </Alert.Content>
        <Button size="sm" colorPalette="brand" onClick={() => appStore.actions.openLogin()}>
          扫码登录
        </Button>
      </Alert.Root>
    );
  }
  if (account.data?.freeCheckNotice) {
    return (
      <Alert.Root status="warning" variant="subtle">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>未获赠首次免费查重</Alert.Title>
          <Alert.Description>{account.data.freeCheckNotice}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!account.data?.freeCheckAvailable) return null;
  return (
    <Alert.Root status="success" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>首次查重免费</Alert.Title>
        <Alert.Description>您的账户可免费查重一次，提交时自动使用。</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
