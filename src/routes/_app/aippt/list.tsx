import { createFileRoute } from '@tanstack/react-router';
import { PptListPage } from '@/features/ppt/ppt-pages';

export const Route = createFileRoute('/_app/aippt/list')({
  staticData: { meta: { title: 'PPT记录', icon: 'report' } },
  component: PptListPage,
});
