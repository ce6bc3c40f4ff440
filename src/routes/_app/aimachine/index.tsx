import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aimachine/')({
  staticData: { redirect: '/aimachine/machine' },
});
