import { createFileRoute } from '@tanstack/react-router';
import { getAiPptInfoLoadByIdQueryOptions } from '@/api/gen/ppt/ppt';
import { PptPage } from '@/features/ppt/ppt-pages';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/aippt/ppttype/$id')({
  staticData: { meta: { title: '确认提交', hidden: true, name: 'aippttype' } },
  loader: ({ context, params }) => prefetchRecord(context, getAiPptInfoLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <PptPage id={id} />;
  },
});
