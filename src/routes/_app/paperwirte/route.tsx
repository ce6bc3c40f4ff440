import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/paperwirte')({
  staticData: { meta: { title: '毕业论文', icon: 'thesis', hidden: true } },
});
