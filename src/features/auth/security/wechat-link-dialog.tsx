import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { QrSession } from '@/api/gen/model';
import { notify } from '@/components/ui/toaster';
import { WechatQrFrame } from '@/components/wechat-qr-frame';

const LINK_POLL_MS = 3000;

/** WeChat's code to scan to link WeChat to this account; the account is asked every 3 s until WeChat shows on it. */
export function WechatLinkDialog({ session, onRestart, onClose }: { session: QrSession; onRestart: () => void; onClose: () => void }) {
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
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" maxW="360px">
            <Dialog.Header>
              <Dialog.Title>绑定微信</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">
              {/* A phone cannot scan its own screen: the way that works is said first there. */}
              <Text hideFrom="md" fontSize="sm" color="orange.700" bg="orange.50" rounded="md" px="3" py="2" mb="3">
                手机无法扫描自己屏幕上的二维码：请在电脑上打开账户中心绑定微信。
              </Text>
              <WechatQrFrame key={session.id} src={session.qrCode} expired={expired} onRefresh={onRestart} title="绑定微信二维码" />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
