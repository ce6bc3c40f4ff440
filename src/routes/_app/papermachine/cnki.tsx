import { createFileRoute } from '@tanstack/react-router';
import { MachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/papermachine/cnki')({
  staticData: { meta: { title: '学术库降重', hidden: true } },
  component: function Screen() {
    return <MachinePage mode="cnki" />;
  },
});
