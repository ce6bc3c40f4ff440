import { createFileRoute } from '@tanstack/react-router';
import { getAiPaperInfoLoadByIdQueryOptions } from '@/api/gen/paper/paper';
import { AiPaperContentPage } from '@/features/paper/paper-pages';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/aipaper/content/$id')({
  staticData: { meta: { title: '论文内容', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getAiPaperInfoLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <AiPaperContentPage id={id} />;
  },
});
