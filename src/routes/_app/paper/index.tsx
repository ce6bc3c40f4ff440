import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/paper/')({
  staticData: { redirect: '/paper/report' },
});
