import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aiaigc/')({
  staticData: { redirect: '/aiaigc/jc' },
});
