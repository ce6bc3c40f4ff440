import { Box, Button, DataList, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { AccountInfo, AccountInfoFreeCheckState } from '@/api/gen/model';
import { SectionCard } from '@/components/section-card';
import { formatYuan } from '@/lib/number';
import { formatDateTime } from '@/lib/time';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap="1" p="4" bg="gray.50" rounded="lg" role="group" aria-label={label}>
      <Text fontSize="sm" color="gray.500">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" color="gray.900">
        {value}
      </Text>
      {note && (
        <Text fontSize="xs" color="gray.500">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** Who the student is and what the account holds: balance, totals, the free first check. */
const FREE_CHECK_STATES: Record<AccountInfoFreeCheckState, string> = { available: '可用', used: '已使用', withheld: '未获赠', none: '无' };
const FREE_CHECK_NOTES: Record<AccountInfoFreeCheckState, string> = {
  available: '下一次查重免费',
  used: '已用于一次查重（检测失败会退回）',
  withheld: '扫码注册的新账号可享一次',
  none: '扫码注册的新账号可享一次',
};

export function AccountSummary({ account }: { account?: AccountInfo }) {
  if (!account) return <Skeleton h="220px" rounded="xl" />;
  const profile = [
    { label: '用户 ID', value: account.userId },
    { label: '登录名', value: account.loginName },
    { label: '注册时间', value: formatDateTime(account.createdAt) },
  ];
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
      <SectionCard title="账户信息">
        <DataList.Root orientation="horizontal" size="sm" gap="3">
          {profile.map((item) => (
            <DataList.Item key={item.label}>
              <DataList.ItemLabel minW="72px">{item.label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{item.value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </SectionCard>
      <Box gridColumn={{ lg: 'span 2' }}>
        <SectionCard
          title="余额"
          extra={
            <HStack gap="2">
              <Button asChild size="sm" colorPalette="brand">
                <Link to="/order/recharge">充值</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to="/order/taocan">购买套餐</Link>
              </Button>
            </HStack>
          }
        >
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="账户余额" value={formatYuan(account.balanceFen)} />
            <Figure label="累计充值" value={formatYuan(account.totalRechargeFen)} />
            <Figure label="累计消费" value={formatYuan(account.totalSpentFen)} />
            <Figure
              label="首次免费查重"
              value={FREE_CHECK_STATES[account.freeCheckState]}
              note={account.freeCheckNotice ?? FREE_CHECK_NOTES[account.freeCheckState]}
            />
          </SimpleGrid>
        </SectionCard>
      </Box>
    </SimpleGrid>
  );
}
