import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { appStore } from '@/stores/app';
import { sessionStore } from '@/stores/session';
import { LoginPanel } from './login-panel';

/** Opens on load without a token and on the sign-in button; closes on dismiss or a successful login. */
export function LoginOverlay() {
  const open = useSelector(appStore, (state) => state.loginOpen);
  // One size at a time: responsive sizes would mix full-screen heights into the desktop dialog.
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const close = () => appStore.actions.closeLogin();

  useEffect(() => {
    if (!sessionStore.state.token) appStore.actions.openLogin();
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={(event) => !event.open && close()} placement="center" size={mobile ? 'full' : 'xl'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content overflow="hidden" rounded={mobile ? 'none' : 'xl'}>
            <Dialog.Body p="0">
              <LoginPanel
                active={open}
                onDismiss={close}
                showPageLink
                title={(text) => (
                  <Dialog.Title fontSize="lg" color="gray.900">
                    {text}
                  </Dialog.Title>
                )}
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭登录窗口" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
