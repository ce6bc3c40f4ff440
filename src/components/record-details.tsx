import { DataList, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { plainValue, queryFallback } from './query-fallback';

export type Field<T> = { key: string; label: string; render?: (record: T) => ReactNode };

function show(value: unknown): ReactNode {
  if (value !== null && typeof value === 'object') return <Text as="pre" fontSize="xs" whiteSpace="pre-wrap">{JSON.stringify(value, null, 2)}</Text>;
  return plainValue(value);
}

/** One record as label/value pairs; the detail screens fill in their own layout later. */
export function RecordDetails<T>({ record, fields, loading, error }: { record?: T; fields: Field<T>[]; loading?: boolean; error?: Error | null }) {
  const fallback = queryFallback({ loading, error, rows: 4, rowHeight: '6' });
  if (fallback) return fallback;
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
