import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/order')({
  staticData: { meta: { title: '我的账户', icon: 'account' } },
});
