import { createFileRoute } from '@tanstack/react-router';
import { PaperGcPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/papergc/gc')({
  staticData: { meta: { title: '论文生成', icon: 'notebook' } },
  component: PaperGcPage,
});
