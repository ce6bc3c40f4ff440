import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/order/order-pages';

export const Route = createFileRoute('/_app/order/account')({
  staticData: { meta: { title: '账户中心', icon: 'account' } },
  component: AccountPage,
});
