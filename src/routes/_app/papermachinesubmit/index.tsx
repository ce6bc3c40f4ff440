import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papermachinesubmit/')({
  staticData: { redirect: '/papermachinesubmit/papermachine' },
});
