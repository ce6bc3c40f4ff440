import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigc')({
  staticData: { meta: { title: '降AIGC', icon: 'lower', hidden: true } },
});
