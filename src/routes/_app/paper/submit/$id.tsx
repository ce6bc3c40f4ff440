import { createFileRoute } from '@tanstack/react-router';
import { CheckSubmitPage } from '@/features/check/check-submit-page';

export const Route = createFileRoute('/_app/paper/submit/$id')({
  staticData: { meta: { title: '确认提交', hidden: true } },
  component: function Screen() {
    const { id } = Route.useParams();
    return <CheckSubmitPage id={id} />;
  },
});
