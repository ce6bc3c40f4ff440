import { createFileRoute } from '@tanstack/react-router';
import { RechargePage } from '@/features/order/purchase-page';

export const Route = createFileRoute('/_app/order/recharge')({
  staticData: { meta: { title: '账户充值', icon: 'account' } },
  component: RechargePage,
});
