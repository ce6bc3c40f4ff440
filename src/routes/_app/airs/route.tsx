import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/airs')({
  staticData: { meta: { title: '润色改写', icon: 'polish' } },
});
