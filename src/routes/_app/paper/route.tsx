import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/paper')({
  staticData: { meta: { title: '论文查重', icon: 'report', hidden: true } },
});
