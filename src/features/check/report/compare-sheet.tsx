import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; children: ReactNode };

/** On a phone the comparison slides up over the tapped sentence instead of opening far below it. */
export function CompareSheet({ open, onClose, children }: Props) {
  return (
    <Drawer.Root open={open} placement="bottom" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="xl" maxH="75vh">
            <Drawer.Header>
              <Drawer.Title>相似片段对照</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6" overflowY="auto" minH="0">
              {children}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭对照" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
