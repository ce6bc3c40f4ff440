import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import type { PackageType } from '@/api/gen/model';
import { useAccountInfoLedger, useOrderInfoQueryList, useProductPackageQueryList } from '@/api/gen/order/order';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { usePaging } from '@/components/use-paging';
import { formatFen } from '@/lib/number';
import { formatDateTime } from '@/lib/time';
import { PackageGrid } from './package-grid';

function Packages({ type }: { type?: PackageType }) {
  const { data, isLoading } = useProductPackageQueryList(type ? { type } : undefined, { pageNo: 1, pageSize: 50 });
  const records = type ? data?.records : data?.records.filter((item) => item.type !== 'recharge');
  return <PackageGrid packages={records} loading={isLoading} />;
}

export function TaocanPage() {
  return (
    <>
      <PageHeader title="购买套餐" icon="account" description="按服务购买套餐，支付后计入账户余额" />
      <Packages />
    </>
  );
}

export function RechargePage() {
  return (
    <>
      <PageHeader title="账户充值" icon="account" description="充值后余额可用于全部服务" />
      <Packages type="recharge" />
    </>
  );
}

function Orders() {
  const paging = usePaging();
  const query = useOrderInfoQueryList(undefined, paging.params);
  return (
    <SectionCard title="我的订单">
      <RecordTable
        columns={[
          { key: 'orderNo', label: '订单号' },
          { key: 'packageName', label: '套餐' },
          { key: 'amountFen', label: '金额(元)', render: (record) => formatFen(record.amountFen) },
          { key: 'status', label: '状态', render: (record) => <StatusBadge status={record.status} /> },
          { key: 'createdAt', label: '下单时间', render: (record) => formatDateTime(record.createdAt) },
        ]}
        records={query.data?.records}
        total={query.data?.total}
        loading={query.isLoading}
        error={query.error}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPageNo}
        rowKey={(record) => record.id}
        emptyText="暂无订单"
      />
    </SectionCard>
  );
}

function Ledger() {
  const paging = usePaging();
  const query = useAccountInfoLedger(paging.params);
  return (
    <SectionCard title="余额明细">
      <RecordTable
        columns={[
          { key: 'note', label: '说明' },
          { key: 'amountFen', label: '变动(元)', render: (record) => `${record.amountFen > 0 ? '+' : ''}${formatFen(record.amountFen)}` },
          { key: 'balanceAfterFen', label: '余额(元)', render: (record) => formatFen(record.balanceAfterFen) },
          { key: 'createdAt', label: '时间', render: (record) => formatDateTime(record.createdAt) },
        ]}
        records={query.data?.records}
        total={query.data?.total}
        loading={query.isLoading}
        error={query.error}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPageNo}
        rowKey={(record) => record.id}
        emptyText="暂无余额变动"
      />
    </SectionCard>
  );
}

export function AccountPage() {
  const { data: account } = useAccountInfoAccount();
  const stats = [
    { label: '账户余额(元)', value: account ? formatFen(account.balanceFen) : '—' },
    { label: '累计充值(元)', value: account ? formatFen(account.totalRechargeFen) : '—' },
    { label: '累计消费(元)', value: account ? formatFen(account.totalSpentFen) : '—' },
    { label: '首次免费查重', value: account ? (account.freeCheckAvailable ? '可用' : '已使用') : '—' },
  ];
  return (
    <>
      <PageHeader title="账户中心" icon="account" description={account ? `${account.loginName}${account.phone ? ` · ${account.phone}` : ''}` : undefined} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="5">
        {stats.map((stat) => (
          <Stat.Root key={stat.label} bg="white" p="4" rounded="xl" borderWidth="1px" borderColor="gray.200">
            <Stat.Label>{stat.label}</Stat.Label>
            <Stat.ValueText>{stat.value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <Orders />
        <Ledger />
      </SimpleGrid>
    </>
  );
}
