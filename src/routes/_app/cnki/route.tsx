import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/cnki')({
  staticData: { meta: { title: '学术库降重', icon: 'cnki' } },
});
