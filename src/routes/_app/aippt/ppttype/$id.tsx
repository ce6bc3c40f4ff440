import { createFileRoute } from '@tanstack/react-router';
import { getAiPptInfoLoadByIdQueryOptions } from '@/api/gen/ppt/ppt';
import { PptConfirmPage } from '@/features/ppt/ppt-confirm-page';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/aippt/ppttype/$id')({
  staticData: { meta: { title: '确认提交', hidden: true, name: 'aippttype' } },
  loader: ({ context, params }) => prefetchRecord(context, getAiPptInfoLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <PptConfirmPage id={id} />;
  },
});
