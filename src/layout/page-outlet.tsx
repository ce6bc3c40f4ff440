import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { ServiceGate } from '@/components/service-gate';
import { serviceOfPath } from './top-nav/active-tab';

/**
 * The page, behind its service's gate: a screen of a service this instance does not offer shows its
 * title and a calm explanation instead (the same areas as the tabs, so every list and detail is covered).
 */
export function PageOutlet() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const meta = useMatches({ select: (matches) => matches.at(-1)?.staticData.meta });
  return (
    <ServiceGate service={serviceOfPath(pathname)} header={meta && <PageHeader title={meta.title} icon={meta.icon} />}>
      <Outlet />
    </ServiceGate>
  );
}
