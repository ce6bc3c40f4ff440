import { createFileRoute } from '@tanstack/react-router';
import { getPaperMachineLoadByIdQueryOptions } from '@/api/gen/rewrite/rewrite';
import { PaperMachineContentPage } from '@/features/rewrite/rewrite-pages';
import { prefetchRecord } from '@/router/prefetch';

export const Route = createFileRoute('/_app/papermachine/content/$id')({
  staticData: { meta: { title: '改写对比', hidden: true } },
  loader: ({ context, params }) => prefetchRecord(context, getPaperMachineLoadByIdQueryOptions({ id: params.id })),
  component: function Screen() {
    const { id } = Route.useParams();
    return <PaperMachineContentPage id={id} />;
  },
});
