import { createFileRoute } from '@tanstack/react-router';
import { AigcLowerPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aiaigc/jc')({
  staticData: { meta: { title: '降AI痕迹', icon: 'lower' } },
  component: function Screen() {
    return <AigcLowerPage />;
  },
});
