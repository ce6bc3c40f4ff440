import { createFileRoute } from '@tanstack/react-router';
import { AiPaperOutlinePage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/aipaper/outline/$id')({
  staticData: { meta: { title: '论文大纲', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <AiPaperOutlinePage id={id} />;
  },
});
