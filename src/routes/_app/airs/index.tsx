import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/airs/')({
  staticData: { redirect: '/airs/rs' },
});
