import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/aigcdown')({
  staticData: { meta: { title: '降AIGC', icon: 'lower' } },
});
