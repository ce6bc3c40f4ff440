import { Button, EmptyState, Skeleton, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionCard } from './section-card';
import { type ServiceName, useServiceCapability } from './use-capabilities';

const NOT_OPEN = '该功能暂未开放';

/** A calm explanation in place of a screen whose service this instance does not offer yet. */
function ServiceUnavailable({ reason, service }: { reason: string | null; service: ServiceName }) {
  return (
    <SectionCard>
      <EmptyState.Root size="md">
        <EmptyState.Content role="status">
          <EmptyState.Indicator color="brand.solid">
            <Construction />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{reason ?? NOT_OPEN}</EmptyState.Title>
            <EmptyState.Description>本站还没有开放这项服务，开放后即可在这里使用，无需任何操作。</EmptyState.Description>
          </VStack>
          {service === 'aigcLower' ? (
            <Button asChild size="sm" colorPalette="brand" variant="outline">
              <Link to="/aigccheck/check">先去AIGC检测</Link>
            </Button>
          ) : (
            service !== 'check' && (
              <Button asChild size="sm" colorPalette="brand" variant="outline">
                <Link to="/papercheck/check">先去论文查重</Link>
              </Button>
            )
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    </SectionCard>
  );
}

/**
 * The screens of one service: shown while the service is open; while it is not, `header` and the calm
 * explanation instead, and the screens are not mounted, so none of their calls is made (no 501, no toast).
 * Screens of no service (null) always show, in the same place, so moving between them remounts nothing.
 */
export function ServiceGate({ service, header, children }: { service: ServiceName | null; header?: ReactNode; children: ReactNode }) {
  const capability = useServiceCapability(service);
  if (!service || capability?.available) return children;
  return (
    <>
      {header}
      {capability ? (
        <ServiceUnavailable reason={capability.reason} service={service} />
      ) : (
        <Skeleton h="200px" rounded="xl" aria-busy="true" />
      )}
    </>
  );
}
