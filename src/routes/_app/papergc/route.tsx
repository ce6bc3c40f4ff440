import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papergc')({
  staticData: { meta: { title: '论文生成', icon: 'notebook' } },
});
