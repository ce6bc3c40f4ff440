import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Messages drop from the top, 90 px down, as the spec's error toast does. */
export const toaster = createToaster({
  placement: 'top',
  offsets: { top: '90px', right: '16px', bottom: '16px', left: '16px' },
  max: 4,
});

const MESSAGE_DURATION_MS = 2000;

export const notify = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: MESSAGE_DURATION_MS }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: MESSAGE_DURATION_MS }),
  warning: (title: string) => toaster.create({ type: 'warning', title, duration: MESSAGE_DURATION_MS }),
  error: (title: string) => toaster.create({ type: 'error', title, duration: MESSAGE_DURATION_MS }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role="alert">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
