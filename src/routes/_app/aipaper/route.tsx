import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aipaper')({
  staticData: { meta: { title: '论文写作', icon: 'writing' } },
});
