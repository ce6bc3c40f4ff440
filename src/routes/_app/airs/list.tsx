import { createFileRoute } from '@tanstack/react-router';
import { PaperMachineListPage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/airs/list')({
  staticData: { meta: { title: '润色记录', icon: 'report' } },
  component: function Screen() {
    return <PaperMachineListPage mode="polish" title="润色记录" />;
  },
});
