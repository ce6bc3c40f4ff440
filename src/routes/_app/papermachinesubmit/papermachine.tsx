import { createFileRoute } from '@tanstack/react-router';
import { PaperMachinePage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/papermachinesubmit/papermachine')({
  staticData: { meta: { title: '强力降重', icon: 'strong' } },
  component: function Screen() {
    return <PaperMachinePage mode="strong" />;
  },
});
