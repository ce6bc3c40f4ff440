import { createFileRoute } from '@tanstack/react-router';
import { PaperMachineListPage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/papermachine/list')({
  staticData: { meta: { title: '降重记录', hidden: true } },
  component: function Screen() {
    return <PaperMachineListPage title="降重记录" />;
  },
});
