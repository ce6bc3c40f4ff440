import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papercheck/')({
  staticData: { redirect: '/papercheck/check' },
});
