import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigccheck/')({
  staticData: { redirect: '/aigccheck/check' },
});
