import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { ServerMessage } from '../password/server-message';

type Props = {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: { message: string } | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
};

/** The frame of the account centre's password and phone dialogs: the form, the server's message, the buttons. */
export function SecurityDialog({ title, submitLabel, busy, error, onSubmit, onClose, children }: Props) {
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <form onSubmit={onSubmit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {children}
                  <ServerMessage error={error} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  取消
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
