import { createFileRoute } from '@tanstack/react-router';
import { AigcDetectPage } from '@/features/aigc/aigc-pages';

export const Route = createFileRoute('/_app/aigccheck/check')({
  staticData: { meta: { title: '提交检测', hidden: true } },
  component: AigcDetectPage,
});
