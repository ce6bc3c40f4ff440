import { createFileRoute } from '@tanstack/react-router';
import { MachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/nlp/machine')({
  staticData: { meta: { title: '智能降重', hidden: true } },
  component: function Screen() {
    return <MachinePage mode="smart" />;
  },
});
