import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigccheck')({
  staticData: { meta: { title: 'AIGC检测', icon: 'aigc', hidden: true } },
});
