import { createFileRoute } from '@tanstack/react-router';
import { WorkbenchPage } from '@/features/check/workbench/workbench-page';

export const Route = createFileRoute('/_app/papercheck/workbench/$id')({
  staticData: { meta: { title: '改写工作台', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <WorkbenchPage id={id} />;
  },
});
