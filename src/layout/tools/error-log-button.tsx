import { Badge, Box, Button, CloseButton, Dialog, IconButton, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Bug } from 'lucide-react';
import { useState } from 'react';
import { ERROR_LOG_ENABLED, errorLogStore } from '@/stores/error-log';

export function ErrorLogButton({ enabled = ERROR_LOG_ENABLED }: { enabled?: boolean }) {
  const logs = useSelector(errorLogStore, (state) => state.logs);
  const [open, setOpen] = useState(false);
  if (!enabled || logs.length === 0) return null;

  return (
    <>
      <Box position="relative">
        <IconButton aria-label="错误日志" title="错误日志" variant="ghost" size="sm" colorPalette="red" onClick={() => setOpen(true)}>
          <Bug />
        </IconButton>
        <Badge position="absolute" top="-1" right="-1" colorPalette="red" variant="solid" size="xs" rounded="full">
          {logs.length}
        </Badge>
      </Box>
      <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)} size="xl" scrollBehavior="inside">
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
                    setOpen(false);
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
    </>
  );
}
