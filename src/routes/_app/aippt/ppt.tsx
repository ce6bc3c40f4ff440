import { createFileRoute } from '@tanstack/react-router';
import { PptPage } from '@/features/ppt/ppt-pages';

export const Route = createFileRoute('/_app/aippt/ppt')({
  staticData: { meta: { title: 'AI生成PPT', icon: 'ppt' } },
  component: function Screen() {
    return <PptPage />;
  },
});
