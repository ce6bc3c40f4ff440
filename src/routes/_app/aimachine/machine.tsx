import { createFileRoute } from '@tanstack/react-router';
import { PaperMachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/aimachine/machine')({
  staticData: { meta: { title: '论文降重', icon: 'rewrite' } },
  component: function Screen() {
    return <PaperMachinePage mode="rewrite" />;
  },
});
