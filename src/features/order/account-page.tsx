import { Stack, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { AccountSummary } from './account-summary';
import { LedgerList } from './ledger-list';
import { OrderList } from './order-list';
import { DeferredPaymentDialog } from './deferred-payment-dialog';
import { useBuyPackage } from './use-buy-package';
import type { AccountTab } from './account-tabs';

type Props = {
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
  /** How the account signs in (login name, password, phone): the auth feature's card, placed by the route. */
  security: ReactNode;
  /** The signed-in devices (the auth feature's list), the third tab. */
  devices: ReactNode;
};

/**
 * 账户中心: the account and how it signs in, then its orders, its balance changes and its signed-in devices
 * in three tabs (the tab is in the URL).
 */
export function AccountPage({ tab, onTabChange, security, devices }: Props) {
  const { data: account } = useAccountInfoAccount();
  const { payment, resume, close } = useBuyPackage();
  return (
    <Stack gap="5">
      <PageHeader title="账户中心" icon="account" description="余额、订单、余额明细、账号与安全、登录设备" />
      <AccountSummary account={account} />
      {security}
      <SectionCard>
        <Tabs.Root value={tab} onValueChange={(event) => onTabChange(event.value as AccountTab)} variant="line">
          <Tabs.List mb="4">
            <Tabs.Trigger value="orders">我的订单</Tabs.Trigger>
            <Tabs.Trigger value="ledger">余额明细</Tabs.Trigger>
            <Tabs.Trigger value="devices">登录设备</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="orders">
            <OrderList onPay={resume} />
          </Tabs.Content>
          <Tabs.Content value="ledger">
            <LedgerList />
          </Tabs.Content>
          <Tabs.Content value="devices">{devices}</Tabs.Content>
        </Tabs.Root>
      </SectionCard>
      <DeferredPaymentDialog payment={payment} onClose={close} />
    </Stack>
  );
}
