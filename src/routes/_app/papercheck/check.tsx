import { createFileRoute } from '@tanstack/react-router';
import { CheckPage } from '@/features/check/check-page';

export const Route = createFileRoute('/_app/papercheck/check')({
  staticData: { meta: { title: '论文查重', icon: 'check' } },
  component: CheckPage,
});
