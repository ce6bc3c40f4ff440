import { createFileRoute } from '@tanstack/react-router';
import { PaperWritePage } from '@/features/paper/paper-pages';

export const Route = createFileRoute('/_app/paperwirte/biye')({
  staticData: { meta: { title: '毕业论文', hidden: true } },
  component: function Screen() {
    return <PaperWritePage title="毕业论文" />;
  },
});
