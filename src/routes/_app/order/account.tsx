import { createFileRoute } from '@tanstack/react-router';
import { AccountSecurity } from '@/features/auth/security/account-security';
import { DeviceList } from '@/features/auth/security/device-list';
import { AccountPage } from '@/features/order/account-page';
import { ACCOUNT_TABS, type AccountTab } from '@/features/order/account-tabs';

type AccountSearch = { tab?: AccountTab };

export const Route = createFileRoute('/_app/order/account')({
  staticData: { meta: { title: '账户中心', icon: 'account' } },
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    tab: ACCOUNT_TABS.find((tab) => tab === search.tab),
  }),
  component: function Account() {
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AccountPage
        tab={tab ?? 'orders'}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
        security={<AccountSecurity />}
        devices={<DeviceList />}
      />
    );
  },
});
