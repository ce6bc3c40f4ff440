import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '@/layout/pages/status-page';

export const Route = createFileRoute('/_bare/401')({
  staticData: { meta: { title: '没有权限', hidden: true, searchable: false } },
  component: UnauthorizedPage,
});
