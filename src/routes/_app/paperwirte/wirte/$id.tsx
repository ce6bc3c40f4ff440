import { createFileRoute } from '@tanstack/react-router';
import { getPaperInfoLoadByIdQueryOptions } from '@/api/gen/paper/paper';
import { PaperWriteDetailPage } from '@/features/paper/paper-pages';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/paperwirte/wirte/$id')({
  staticData: { meta: { title: '论文详情', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getPaperInfoLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <PaperWriteDetailPage id={id} />;
  },
});
