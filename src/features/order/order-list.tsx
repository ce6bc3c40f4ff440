import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useOrderInfoQueryList } from '@/api/gen/order/order';
import type { Order, OrderStatus } from '@/api/gen/model';
import { RecordTable } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { usePaging } from '@/components/use-paging';
import { formatYuan } from '@/lib/number';
import { formatDateTime } from '@/lib/time';
import { ChannelBadge } from './channel-badge';

const STATUS_FILTERS: { value: '' | OrderStatus; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'pending', label: '待支付' },
  { value: 'paid', label: '已支付' },
  { value: 'refunded', label: '已退款' },
  { value: 'closed', label: '已关闭' },
];

/** The student's orders, newest first; a pending one can still be paid. */
export function OrderList({ onPay }: { onPay: (order: Order) => void }) {
  const paging = usePaging();
  const [status, setStatus] = useState<'' | OrderStatus>('');
  const query = useOrderInfoQueryList(status ? { status } : undefined, paging.params);
  return (
    <>
      <HStack justify="space-between" mb="3" gap="3">
        <Text fontSize="sm" color="gray.500">
          待支付订单 30 分钟内未支付将自动关闭
        </Text>
        <NativeSelect.Root size="sm" w="140px">
          <NativeSelect.Field
            aria-label="订单状态"
            value={status}
            onChange={(event) => {
              paging.setPageNo(1);
              setStatus(event.currentTarget.value as '' | OrderStatus);
            }}
          >
            {STATUS_FILTERS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <RecordTable<Order>
        columns={[
          { key: 'orderNo', label: '订单号' },
          { key: 'packageName', label: '商品' },
          { key: 'amountFen', label: '金额', render: (order) => formatYuan(order.amountFen) },
          { key: 'creditFen', label: '到账', render: (order) => formatYuan(order.creditFen) },
          {
            key: 'payChannel',
            label: '支付方式',
            render: (order) => <ChannelBadge channel={order.payChannel} />,
          },
          { key: 'status', label: '状态', render: (order) => <StatusBadge status={order.status} /> },
          { key: 'createdAt', label: '下单时间', render: (order) => formatDateTime(order.createdAt) },
          { key: 'paidAt', label: '支付时间', render: (order) => (order.paidAt ? formatDateTime(order.paidAt) : '—') },
          {
            key: 'actions',
            label: '操作',
            render: (order) =>
              order.status === 'pending' && (order.payUrl || order.qrCode) ? (
                <Button size="xs" colorPalette="brand" onClick={() => onPay(order)} aria-label={`继续支付 ${order.orderNo}`}>
                  继续支付
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
        records={query.data?.records}
        total={query.data?.total}
        loading={query.isLoading}
        error={query.error}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPageNo}
        rowKey={(order) => order.id}
        emptyText={status ? '没有该状态的订单' : '暂无订单'}
      />
    </>
  );
}
