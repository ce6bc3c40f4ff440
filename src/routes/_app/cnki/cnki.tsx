import { createFileRoute } from '@tanstack/react-router';
import { MachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/cnki/cnki')({
  staticData: { meta: { title: '学术库降重', icon: 'cnki' } },
  component: function Screen() {
    return <MachinePage mode="cnki" />;
  },
});
