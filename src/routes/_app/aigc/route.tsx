import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigc')({
  staticData: { meta: { title: '降AI痕迹', icon: 'lower', hidden: true } },
});
