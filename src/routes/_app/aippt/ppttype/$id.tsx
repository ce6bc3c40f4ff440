import { createFileRoute } from '@tanstack/react-router';
import { PptPage } from '@/features/ppt/ppt-pages';

export const Route = createFileRoute('/_app/aippt/ppttype/$id')({
  staticData: { meta: { title: '确认提交', hidden: true, name: 'aippttype' } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <PptPage id={id} />;
  },
});
