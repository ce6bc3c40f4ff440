import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aiaigc')({
  staticData: { meta: { title: '降AI痕迹', icon: 'lower' } },
});
