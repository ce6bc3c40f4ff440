import { createFileRoute, useLocation } from '@tanstack/react-router';
import { RedirectPage } from '@/layout/pages/redirect-page';

export const Route = createFileRoute('/_app/redirect/$')({
  component: function Redirect() {
    const { _splat } = Route.useParams();
    const searchStr = useLocation({ select: (location) => location.searchStr });
    return <RedirectPage path={_splat ?? ''} searchStr={searchStr} />;
  },
});
