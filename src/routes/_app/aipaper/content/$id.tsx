import { createFileRoute } from '@tanstack/react-router';
import { AiPaperContentPage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/aipaper/content/$id')({
  staticData: { meta: { title: '论文内容', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <AiPaperContentPage id={id} />;
  },
});
