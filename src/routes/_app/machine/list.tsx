import { createFileRoute } from '@tanstack/react-router';
import { MachineListPage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/machine/list')({
  staticData: { meta: { title: '智能降重记录', hidden: true } },
  component: MachineListPage,
});
