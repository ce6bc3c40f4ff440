import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/layout/pages/status-page';

export const Route = createFileRoute('/_bare/404')({
  staticData: { meta: { title: '页面不存在', hidden: true, searchable: false } },
  component: NotFoundPage,
});
