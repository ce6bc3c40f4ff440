import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papermachine/')({
  staticData: { redirect: '/papermachine/list' },
});
