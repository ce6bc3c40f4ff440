import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papercheck')({
  staticData: { meta: { title: '论文查重', icon: 'check' } },
});
