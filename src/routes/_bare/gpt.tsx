import { createFileRoute } from '@tanstack/react-router';
import { GptPage } from '@/features/chat/gpt-page';
import { useDeviceMode } from '@/layout/use-layout-effects';

/** `id` is the open conversation, so a reload or a shared link comes back to it. */
type GptSearch = { id?: string };

export const Route = createFileRoute('/_bare/gpt')({
  staticData: { meta: { title: 'AI 对话', hidden: true } },
  validateSearch: (search: Record<string, unknown>): GptSearch => ({
    id: typeof search.id === 'string' && search.id !== '' ? search.id : undefined,
  }),
  component: function Gpt() {
    const { id } = Route.useSearch();
    const navigate = Route.useNavigate();
    // The page stands outside the layout, which otherwise tells phones from desktops.
    useDeviceMode();
    return <GptPage conversationId={id} onOpen={(next) => void navigate({ search: next ? { id: next } : {}, replace: !id && Boolean(next) })} />;
  },
});
