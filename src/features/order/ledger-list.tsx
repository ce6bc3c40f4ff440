import { Badge, Text } from '@chakra-ui/react';
import { useAccountInfoLedger } from '@/api/gen/order/order';
import type { LedgerEntry } from '@/api/gen/model';
import { RecordTable } from '@/components/record-table';
import { usePaging } from '@/components/use-paging';
import { formatYuan } from '@/lib/number';
import { formatDateTime } from '@/lib/time';
import { LEDGER_KIND, signedYuan } from './labels';

/** Every balance change, newest first, with the balance after it. */
export function LedgerList() {
  const paging = usePaging();
  const query = useAccountInfoLedger(paging.params);
  return (
    <RecordTable<LedgerEntry>
      columns={[
        { key: 'createdAt', label: '时间', render: (entry) => formatDateTime(entry.createdAt) },
        {
          key: 'kind',
          label: '类型',
          render: (entry) => (
            <Badge colorPalette={LEDGER_KIND[entry.kind].palette} variant="subtle">
              {LEDGER_KIND[entry.kind].label}
            </Badge>
          ),
        },
        { key: 'note', label: '说明' },
        {
          key: 'amountFen',
          label: '金额',
          render: (entry) => (
            <Text as="span" fontWeight="medium" color={entry.amountFen < 0 ? 'red.600' : 'green.600'}>
              {signedYuan(entry.amountFen)}
            </Text>
          ),
        },
        { key: 'balanceAfterFen', label: '变动后余额', render: (entry) => formatYuan(entry.balanceAfterFen) },
      ]}
      records={query.data?.records}
      total={query.data?.total}
      loading={query.isLoading}
      error={query.error}
      pageNo={paging.pageNo}
      pageSize={paging.pageSize}
      onPageChange={paging.setPageNo}
      rowKey={(entry) => entry.id}
      emptyText="暂无余额变动"
    />
  );
}
