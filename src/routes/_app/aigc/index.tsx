import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigc/')({
  staticData: { redirect: '/aigc/list' },
});
