import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ApiError } from '@/api/http';
import { LoginRequired } from './login-required';

type State = { loading?: boolean; error?: Error | null; rows: number; rowHeight: string };

/**
 * What a record view shows instead of its data: skeleton rows while loading, the login prompt on a 401,
 * the message on any other failure; null once the data can be shown.
 */
export function queryFallback({ loading, error, rows, rowHeight }: State): ReactNode {
  if (loading) {
    return (
      <Stack gap="2" aria-busy="true">
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} h={rowHeight} />
        ))}
      </Stack>
    );
  }
  if (error instanceof ApiError && error.status === 401) return <LoginRequired />;
  if (error) {
    return (
      <Text color="red.600" fontSize="sm" role="alert">
        {error.message}
      </Text>
    );
  }
  return null;
}

/** A field shown as it is: a dash for nothing, 是/否 for a boolean, JSON for an object. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
