import { createFileRoute } from '@tanstack/react-router';
import { AigcLowerListPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aigc/list')({
  staticData: { meta: { title: '降AI记录', hidden: true } },
  component: AigcLowerListPage,
});
