import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aippt')({
  staticData: { meta: { title: 'AI PPT', icon: 'ppt' } },
});
