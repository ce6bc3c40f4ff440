import { createFileRoute } from '@tanstack/react-router';
import { AccountPage, type AccountTab } from '@/features/order/account-page';

type AccountSearch = { tab?: AccountTab };

export const Route = createFileRoute('/_app/order/account')({
  staticData: { meta: { title: '账户中心', icon: 'account' } },
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    tab: search.tab === 'orders' || search.tab === 'ledger' ? search.tab : undefined,
  }),
  component: function Account() {
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <AccountPage tab={tab ?? 'orders'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
  },
});
