import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/layout/pages/home-page';

export const Route = createFileRoute('/_app/home')({
  staticData: { meta: { title: '首页', icon: 'home', affix: true } },
  component: HomePage,
});
