import { Box, Button, EmptyState, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { appStore } from '@/stores/app';
import { plainValue, queryFallback } from './query-fallback';
import { DEFAULT_PAGE_SIZE } from './use-paging';

/**
 * One column; on a phone each record becomes a card where the first column is the heading, an `actions`
 * column the footer and every other column a labelled line.
 */
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
  /** Names the table (or the region of cards) for assistive technology. */
  label?: string;
};

function cellOf<T>(column: Column<T>, record: T): ReactNode {
  return column.render ? column.render(record) : plainValue((record as Record<string, unknown>)[column.key]);
}

/** Below 992 px a table hides what does not fit (the ratio, the actions): each record is a card instead. */
function RecordCards<T>({ columns, records, rowKey, label }: { columns: Column<T>[]; records: T[]; rowKey: (record: T) => string; label?: string }) {
  const [heading, ...rest] = columns;
  const footer = rest.filter((column) => column.key === 'actions');
  const lines = rest.filter((column) => column.key !== 'actions');
  return (
    <Stack as="section" gap="3" aria-label={label ?? '记录'}>
      {records.map((record) => (
        <Box as="article" key={rowKey(record)} borderWidth="1px" borderColor="gray.200" rounded="lg" p="3">
          <Box fontWeight="medium" mb="2" minW="0">
            {cellOf(heading, record)}
          </Box>
          <Stack gap="1" fontSize="sm">
            {lines.map((column) => (
              <HStack key={column.key} justify="space-between" align="flex-start" gap="3">
                <Text color="gray.500" flexShrink={0}>
                  {column.label}
                </Text>
                <Box textAlign="end" minW="0">
                  {cellOf(column, record)}
                </Box>
              </HStack>
            ))}
          </Stack>
          {footer.map((column) => (
            <Box key={column.key} mt="2" pt="2" borderTopWidth="1px" borderColor="gray.100" overflowX="auto">
              {cellOf(column, record)}
            </Box>
          ))}
        </Box>
      ))}
    </Stack>
  );
}

/** A plain list of records with paging; each screen chooses its columns. */
export function RecordTable<T>({ columns, records, loading, error, total = 0, pageNo = 1, pageSize = DEFAULT_PAGE_SIZE, onPageChange, rowKey, emptyText = '暂无记录', label }: Props<T>) {
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
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
      {mobile ? (
        <RecordCards columns={columns} records={records} rowKey={rowKey} label={label} />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" interactive aria-label={label}>
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
                      {cellOf(column, record)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
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
