import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

// Loaded on demand by notify (toaster.tsx): the toast machinery is not part of any page's first load.
/** Messages drop from the top, 90 px down, as the spec's error toast does. */
export const toaster = createToaster({
  placement: 'top',
  offsets: { top: '90px', right: '16px', bottom: '16px', left: '16px' },
  max: 4,
});

/** The toast group; rendered by Toaster (toaster.tsx) once the first message is shown. */
export function ToasterView() {
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
