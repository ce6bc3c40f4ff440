import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/paperwirte/')({
  staticData: { redirect: '/paperwirte/gc' },
});
