import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ERROR_LOG_ENABLED, logError } from '@/stores/error-log';

export function RouteError({ error, info, reset }: ErrorComponentProps) {
  useEffect(() => {
    if (ERROR_LOG_ENABLED) logError(error, info?.componentStack?.trim().split('\n')[0] ?? 'route', 'render error');
  }, [error, info]);
  return (
    <Center minH="50vh" p="6">
      <Stack align="center" gap="3" textAlign="center">
        <Heading size="md">页面出错了</Heading>
        <Text color="gray.600" fontSize="sm">
          {error instanceof Error ? error.message : String(error)}
        </Text>
        <Button size="sm" colorPalette="brand" onClick={reset}>
          重试
        </Button>
      </Stack>
    </Center>
  );
}
