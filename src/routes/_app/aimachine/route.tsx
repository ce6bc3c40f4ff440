import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aimachine')({
  staticData: { meta: { title: '论文降重', icon: 'rewrite' } },
});
