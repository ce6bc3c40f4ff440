import { createFileRoute } from '@tanstack/react-router';
import { GptPage } from '@/features/chat/gpt-page';

export const Route = createFileRoute('/_bare/gpt')({
  staticData: { meta: { title: 'AI 对话', hidden: true } },
  component: GptPage,
});
