import { createFileRoute } from '@tanstack/react-router';
import { PaperWriteDetailPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/paperwirte/wirte/$id')({
  staticData: { meta: { title: '论文详情', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <PaperWriteDetailPage id={id} />;
  },
});
