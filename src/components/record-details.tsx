import { DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ApiError } from '@/api/http';
import { LoginRequired } from './login-required';

export type Field<T> = { key: string; label: string; render?: (record: T) => ReactNode };

function show(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return <Text as="pre" fontSize="xs" whiteSpace="pre-wrap">{JSON.stringify(value, null, 2)}</Text>;
  return String(value);
}

/** One record as label/value pairs; the detail screens fill in their own layout later. */
export function RecordDetails<T>({ record, fields, loading, error }: { record?: T; fields: Field<T>[]; loading?: boolean; error?: Error | null }) {
  if (loading) {
    return (
      <Stack gap="2" aria-busy="true">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h="6" />
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
  if (!record) return null;
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {fields.map((field) => (
        <DataList.Item key={field.key}>
          <DataList.ItemLabel minW="120px">{field.label}</DataList.ItemLabel>
          <DataList.ItemValue>{field.render ? field.render(record) : show((record as Record<string, unknown>)[field.key])}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
