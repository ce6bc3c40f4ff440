import { createFileRoute } from '@tanstack/react-router';
import { AiPaperPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/aipaper/gc')({
  staticData: { meta: { title: 'AI论文写作', icon: 'writing' } },
  component: AiPaperPage,
});
