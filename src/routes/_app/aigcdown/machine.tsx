import { createFileRoute } from '@tanstack/react-router';
import { AigcLowerPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aigcdown/machine')({
  staticData: { meta: { title: '降AIGC', icon: 'lower' } },
  component: function Screen() {
    return <AigcLowerPage title="降AIGC" />;
  },
});
