import { Box, Button, EmptyState, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { plainValue, queryFallback } from './query-fallback';
import { DEFAULT_PAGE_SIZE } from './use-paging';

export type Column<T> = { key: string; label: string; render?: (record: T) => ReactNode; width?: string };

type Props<T> = {
  columns: Column<T>[];
  records?: T[];
  loading?: boolean;
  error?: Error | null;
  total?: number;
  pageNo?: number;
  pageSize?: number;
  onPageChange?: (pageNo: number) => void;
  rowKey: (record: T) => string;
  emptyText?: string;
};

/** A plain list of records with paging; each screen chooses its columns. */
export function RecordTable<T>({ columns, records, loading, error, total = 0, pageNo = 1, pageSize = DEFAULT_PAGE_SIZE, onPageChange, rowKey, emptyText = '暂无记录' }: Props<T>) {
  const fallback = queryFallback({ loading, error, rows: 3, rowHeight: '9' });
  if (fallback) return fallback;
  if (!records?.length) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Inbox />
          </EmptyState.Indicator>
          <EmptyState.Title>{emptyText}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row bg="gray.50">
              {columns.map((column) => (
                <Table.ColumnHeader key={column.key} w={column.width} whiteSpace="nowrap" color="gray.600">
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={rowKey(record)}>
                {columns.map((column) => (
                  <Table.Cell key={column.key} maxW="320px" truncate>
                    {column.render ? column.render(record) : plainValue((record as Record<string, unknown>)[column.key])}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {onPageChange && (
        <HStack justify="flex-end" gap="2" fontSize="sm" color="gray.600">
          <Text>共 {total} 条</Text>
          <Button size="xs" variant="outline" disabled={pageNo <= 1} onClick={() => onPageChange(pageNo - 1)}>
            上一页
          </Button>
          <Text>
            {pageNo} / {pages}
          </Text>
          <Button size="xs" variant="outline" disabled={pageNo >= pages} onClick={() => onPageChange(pageNo + 1)}>
            下一页
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
