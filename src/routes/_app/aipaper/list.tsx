import { createFileRoute } from '@tanstack/react-router';
import { AiPaperListPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/aipaper/list')({
  staticData: { meta: { title: '论文记录', icon: 'report' } },
  component: AiPaperListPage,
});
