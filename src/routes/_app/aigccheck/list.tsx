import { createFileRoute } from '@tanstack/react-router';
import { AigcDetectListPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aigccheck/list')({
  staticData: { meta: { title: '检测记录', hidden: true } },
  component: AigcDetectListPage,
});
