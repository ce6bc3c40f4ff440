import { createFileRoute } from '@tanstack/react-router';
import { getCheckLoadByIdQueryOptions } from '@/api/gen/check/check';
import { CheckSubmitPage } from '@/features/check/check-submit-page';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/paper/submit/$id')({
  staticData: { meta: { title: '确认提交', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getCheckLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <CheckSubmitPage id={id} />;
  },
});
