import { Box, Button, DataList, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { AccountInfo } from '@/api/gen/model';
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
              value={account.freeCheckAvailable ? '可用' : '不可用'}
              note={
                account.freeCheckNotice ?? (account.freeCheckAvailable ? '下一次查重免费' : '扫码注册的新账号可享一次')
              }
            />
          </SimpleGrid>
        </SectionCard>
      </Box>
    </SimpleGrid>
  );
}
