import { createFileRoute } from '@tanstack/react-router';
import { TaocanPage } from '@/features/order/purchase-page';

export const Route = createFileRoute('/_app/order/taocan')({
  staticData: { meta: { title: '购买套餐', icon: 'account' } },
  component: TaocanPage,
});
