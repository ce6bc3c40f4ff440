import { Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  accountInfoWechatLink,
  accountInfoWechatUnlink,
  getAccountInfoAccountQueryKey,
  useAccountInfoAccount,
} from '@/api/gen/auth/auth';
import type { AccountInfo, QrSession } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';
import { useCapabilities } from '@/components/use-capabilities';
import { WechatQrFrame } from '@/components/wechat-qr-frame';

const LINK_POLL_MS = 3000;

/** 微信登录 in the account centre: link WeChat to this account (scan WeChat's code) or unlink it. Shown when the instance has WeChat sign-in. */
export function WechatLink({ account }: { account: AccountInfo | undefined }) {
  const { data: capabilities } = useCapabilities();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<QrSession | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: getAccountInfoAccountQueryKey() });
  const link = useMutation({ mutationFn: () => accountInfoWechatLink(), onSuccess: setSession });
  const unlink = useMutation({
    mutationFn: () => accountInfoWechatUnlink(),
    onSuccess: async () => {
      notify.success('已解绑微信');
      await refresh();
    },
  });
  if (!capabilities?.wechatLogin || !account) return null;
  const wechat = account.wechat;
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="2" fontSize="sm">
      <Text color="gray.700">
        {`微信登录：${wechat ? `已绑定${wechat.nickname ? `（${wechat.nickname}）` : ''}，可用微信扫码登录本账号` : '未绑定，绑定后可用微信扫码登录本账号'}`}
      </Text>
      {wechat ? (
        <Button size="xs" variant="outline" loading={unlink.isPending} onClick={() => unlink.mutate()}>
          解绑微信
        </Button>
      ) : (
        <Button size="xs" colorPalette="green" loading={link.isPending} onClick={() => link.mutate()}>
          绑定微信
        </Button>
      )}
      {session && <LinkDialog key={session.id} session={session} onRestart={() => link.mutate()} onClose={() => setSession(null)} />}
    </HStack>
  );
}

/** WeChat's code to scan; the account is asked every 3 s until WeChat shows on it. */
function LinkDialog({ session, onRestart, onClose }: { session: QrSession; onRestart: () => void; onClose: () => void }) {
  const { data: account } = useAccountInfoAccount({ query: { refetchInterval: LINK_POLL_MS } });
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), Math.max(0, Date.parse(session.expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [session.expiresAt]);
  const linked = account?.wechat != null;
  useEffect(() => {
    if (!linked) return;
    notify.success('已绑定微信，之后可用微信扫码登录');
    onClose();
  }, [linked, onClose]);
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="360px">
            <Dialog.Header>
              <Dialog.Title>绑定微信</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <WechatQrFrame key={session.id} src={session.qrCode} expired={expired} onRefresh={onRestart} title="绑定微信二维码" />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                取消
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
