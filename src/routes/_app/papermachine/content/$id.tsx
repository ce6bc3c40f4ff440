import { createFileRoute } from '@tanstack/react-router';
import { PaperMachineContentPage } from '@/features/rewrite/rewrite-pages';

export const Route = createFileRoute('/_app/papermachine/content/$id')({
  staticData: { meta: { title: '改写对比', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <PaperMachineContentPage id={id} />;
  },
});
