import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papergc/')({
  staticData: { redirect: '/papergc/gc' },
});
