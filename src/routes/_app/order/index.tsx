import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/order/')({
  staticData: { redirect: '/order/account' },
});
