import { createFileRoute } from '@tanstack/react-router';
import { getPaperAigcLoadByIdQueryOptions } from '@/api/gen/aigc/aigc';
import { AigcContentPage } from '@/features/aigc/aigc-pages';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/aigccheck/content/$id')({
  staticData: { meta: { title: '检测详情', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getPaperAigcLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <AigcContentPage id={id} />;
  },
});
