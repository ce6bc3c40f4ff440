import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aipaper/')({
  staticData: { redirect: '/aipaper/gc' },
});
