import { Button, CloseButton, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { type ErrorLogEntry, errorLogStore } from '@/stores/error-log';

/** The error log in a dialog; loaded by ErrorLogButton when first opened. */
export function ErrorLogDialog({ open, onOpenChange, logs }: { open: boolean; onOpenChange: (open: boolean) => void; logs: readonly ErrorLogEntry[] }) {
  return (
    <Dialog.Root open={open} onOpenChange={(event) => onOpenChange(event.open)} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>错误日志</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Table.Root size="sm" variant="outline">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>信息</Table.ColumnHeader>
                    <Table.ColumnHeader>堆栈</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {logs.map((log, index) => (
                    <Table.Row key={index}>
                      <Table.Cell verticalAlign="top">
                        <Stack gap="1" fontSize="xs">
                          <Text color="red.600" fontWeight="semibold">
                            {log.err.message}
                          </Text>
                          <Text>来源：{log.vm}</Text>
                          <Text>说明：{log.info}</Text>
                          <Text wordBreak="break-all">地址：{log.url}</Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell verticalAlign="top">
                        <Text as="pre" fontSize="xs" whiteSpace="pre-wrap" maxH="160px" overflow="auto">
                          {log.err.stack}
                        </Text>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  errorLogStore.actions.clear();
                  onOpenChange(false);
                }}
              >
                清空日志
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
