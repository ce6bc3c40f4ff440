import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/')({
  staticData: { redirect: '/papercheck/check' },
});
