import { createFileRoute } from '@tanstack/react-router';
import { AigcContentPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aigccheck/content/$id')({
  staticData: { meta: { title: '检测详情', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <AigcContentPage id={id} />;
  },
});
