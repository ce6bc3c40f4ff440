import { createFileRoute } from '@tanstack/react-router';
import { PaperMachineListPage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/aimachine/list')({
  staticData: { meta: { title: '降重记录', icon: 'report' } },
  component: function Screen() {
    return <PaperMachineListPage mode="rewrite" title="降重记录" />;
  },
});
