import { Stack, Tabs } from '@chakra-ui/react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { AccountSummary } from './account-summary';
import { LedgerList } from './ledger-list';
import { OrderList } from './order-list';
import { PaymentDialog } from './payment-dialog';
import { WechatLink } from './wechat-link';
import { useBuyPackage } from './use-buy-package';

export type AccountTab = 'orders' | 'ledger';

type Props = { tab: AccountTab; onTabChange: (tab: AccountTab) => void };

/** 账户中心: the account, then its orders and its balance changes in two tabs (the tab is in the URL). */
export function AccountPage({ tab, onTabChange }: Props) {
  const { data: account } = useAccountInfoAccount();
  const { payment, resume, close } = useBuyPackage();
  return (
    <Stack gap="5">
      <PageHeader title="账户中心" icon="account" description="余额、订单与余额明细" />
      <AccountSummary account={account} />
      <WechatLink account={account} />
      <SectionCard>
        <Tabs.Root value={tab} onValueChange={(event) => onTabChange(event.value as AccountTab)} variant="line">
          <Tabs.List mb="4">
            <Tabs.Trigger value="orders">我的订单</Tabs.Trigger>
            <Tabs.Trigger value="ledger">余额明细</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="orders">
            <OrderList onPay={resume} />
          </Tabs.Content>
          <Tabs.Content value="ledger">
            <LedgerList />
          </Tabs.Content>
        </Tabs.Root>
      </SectionCard>
      <PaymentDialog payment={payment} onClose={close} />
    </Stack>
  );
}
