import { Badge, Box, IconButton } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Bug } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { ERROR_LOG_ENABLED, errorLogStore } from '@/stores/error-log';

// The log's dialog loads when it is first opened.
const ErrorLogDialog = lazy(() => import('./error-log-dialog').then((module) => ({ default: module.ErrorLogDialog })));

export function ErrorLogButton({ enabled = ERROR_LOG_ENABLED }: { enabled?: boolean }) {
  const logs = useSelector(errorLogStore, (state) => state.logs);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!enabled || logs.length === 0) return null;

  return (
    <>
      <Box position="relative">
        <IconButton
          aria-label="错误日志"
          title="错误日志"
          variant="ghost"
          size="sm"
          colorPalette="red"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Bug />
        </IconButton>
        <Badge position="absolute" top="-1" right="-1" colorPalette="red" variant="solid" size="xs" rounded="full">
          {logs.length}
        </Badge>
      </Box>
      {opened && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onOpenChange={setOpen} logs={logs} />
        </Suspense>
      )}
    </>
  );
}
