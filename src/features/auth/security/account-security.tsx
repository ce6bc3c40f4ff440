import { Alert, Badge, Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { accountInfoWechatLink, accountInfoWechatUnlink, getAccountInfoAccountQueryKey, useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { AccountInfo, QrSession } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { notify } from '@/components/ui/toaster';
import { useCapabilities } from '@/components/use-capabilities';

// Each dialog is loaded when first opened: the account page's first load holds none of them.
const BindPhoneDialog = lazy(() => import('./bind-phone-dialog').then((module) => ({ default: module.BindPhoneDialog })));
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })));
const SetPasswordDialog = lazy(() => import('./set-password-dialog').then((module) => ({ default: module.SetPasswordDialog })));
const WechatLinkDialog = lazy(() => import('./wechat-link-dialog').then((module) => ({ default: module.WechatLinkDialog })));

type Dialog = 'set-password' | 'change-password' | 'bind-phone' | null;

/** One line of the card: what it is, its state, and what can be done about it. */
function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Flex
      role="group"
      aria-label={label}
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      gap={{ base: 2, sm: 4 }}
      py="3"
      borderTopWidth="1px"
      borderColor="gray.100"
      _first={{ borderTopWidth: 0, pt: 0 }}
    >
      <Text fontSize="sm" color="gray.500" minW="80px">
        {label}
      </Text>
      <HStack flex="1" gap="2" wrap="wrap" fontSize="sm">
        {value}
      </HStack>
      {action}
    </Flex>
  );
}

/** A QR sign-up without a password: it can be lost with its money, so the card says so first. */
function QrOnlyWarning({ account, onSetPassword }: { account: AccountInfo; onSetPassword: () => void }) {
  return (
    <Alert.Root status="warning" mb="4" data-testid="qr-only-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>这个账号目前只能用注册时那部手机扫码登录</Alert.Title>
        <Alert.Description>
          {`换手机、清除手机浏览器数据或换一个浏览器后，扫码就认不出这个账号了，其中的余额和记录将无法找回。设置登录密码后，可在任何设备用登录名 ${account.loginName}（或绑定的手机号）加密码登录；新手机扫码时，也可以选择用它们登录这个账号。`}
        </Alert.Description>
        <Button size="sm" colorPalette="orange" mt="3" alignSelf="flex-start" onClick={onSetPassword}>
          设置登录密码
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** 微信登录 (when the instance has WeChat sign-in or the account is linked): link WeChat by scanning its code, or unlink it. */
function WechatRow({ account }: { account: AccountInfo }) {
  const { data: capabilities } = useCapabilities();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<QrSession | null>(null);
  const link = useMutation({ mutationFn: () => accountInfoWechatLink(), onSuccess: setSession });
  const unlink = useMutation({
    mutationFn: () => accountInfoWechatUnlink(),
    onSuccess: async () => {
      notify.success('已解绑微信');
      await queryClient.invalidateQueries({ queryKey: getAccountInfoAccountQueryKey() });
    },
  });
  const { wechat } = account;
  if (!capabilities?.wechatLogin && !wechat) return null;
  return (
    <Row
      label="微信登录"
      value={
        wechat ? (
          <>
            <Badge colorPalette="green">已绑定</Badge>
            {wechat.nickname && <Text fontWeight="medium">{wechat.nickname}</Text>}
            <Text color="gray.500">可用微信扫码登录本账号</Text>
          </>
        ) : (
          <>
            <Text>未绑定</Text>
            <Text color="gray.500">绑定后可用微信扫码登录本账号</Text>
          </>
        )
      }
      action={
        <>
          {wechat ? (
            // The server refuses, with its reason, when WeChat is the account's only way in.
            <Button size="sm" variant="outline" loading={unlink.isPending} onClick={() => unlink.mutate()}>
              解绑微信
            </Button>
          ) : (
            <Button size="sm" variant="outline" loading={link.isPending} onClick={() => link.mutate()}>
              绑定微信
            </Button>
          )}
          {session && (
            <Suspense fallback={null}>
              <WechatLinkDialog key={session.id} session={session} onRestart={() => link.mutate()} onClose={() => setSession(null)} />
            </Suspense>
          )}
        </>
      }
    />
  );
}

/** 账号与安全: how the account signs in (login name, password, phone, WeChat) and the dialogs that change it. */
export function AccountSecurity() {
  const { data: account } = useAccountInfoAccount();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  if (!account) return <Skeleton h="160px" rounded="xl" />;
  return (
    <SectionCard title="账号与安全">
      {/* WeChat signs the account in from any phone: nothing is lost with this one. */}
      {!account.hasPassword && !account.wechat && <QrOnlyWarning account={account} onSetPassword={() => setDialog('set-password')} />}
      <Stack gap="0">
        <Row
          label="登录密码"
          value={
            account.hasPassword ? (
              <>
                <Badge colorPalette="green">已设置</Badge>
                <Text color="gray.500">{`用登录名 ${account.loginName} ${account.phone ? '或手机号' : ''}加密码登录`}</Text>
              </>
            ) : (
              <Badge colorPalette="orange">未设置</Badge>
            )
          }
          action={
            <Button size="sm" variant="outline" onClick={() => setDialog(account.hasPassword ? 'change-password' : 'set-password')}>
              {account.hasPassword ? '修改密码' : '设置密码'}
            </Button>
          }
        />
        <Row
          label="手机号"
          value={
            account.phone ? (
              <>
                <Text fontWeight="medium">{account.phone}</Text>
                <Badge colorPalette="gray" title="本站不发送短信验证码，手机号未经验证">
                  未验证
                </Badge>
                <Text color="gray.500">可代替登录名，与密码一起登录</Text>
              </>
            ) : (
              <>
                <Text>未绑定</Text>
                {!account.hasPassword && <Text color="gray.500">设置登录密码后可绑定</Text>}
              </>
            )
          }
          action={
            <Button size="sm" variant="outline" disabled={!account.hasPassword} onClick={() => setDialog('bind-phone')}>
              {account.phone ? '更换手机号' : '绑定手机号'}
            </Button>
          }
        />
        <WechatRow account={account} />
      </Stack>
      <Suspense fallback={null}>
        {dialog === 'set-password' && <SetPasswordDialog loginName={account.loginName} onClose={close} />}
        {dialog === 'change-password' && <ChangePasswordDialog account={account} onClose={close} />}
        {dialog === 'bind-phone' && <BindPhoneDialog current={account.phone} onClose={close} />}
      </Suspense>
    </SectionCard>
  );
}
