import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/machine/')({
  staticData: { redirect: '/machine/list' },
});
