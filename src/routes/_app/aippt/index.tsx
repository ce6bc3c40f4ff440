import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aippt/')({
  staticData: { redirect: '/aippt/ppt' },
});
