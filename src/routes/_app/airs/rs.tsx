import { createFileRoute } from '@tanstack/react-router';
import { PaperMachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/airs/rs')({
  staticData: { meta: { title: '润色改写', icon: 'polish' } },
  component: function Screen() {
    return <PaperMachinePage mode="polish" />;
  },
});
