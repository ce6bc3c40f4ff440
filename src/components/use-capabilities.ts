import { getSystemCapabilitiesQueryOptions, useSystemCapabilities } from '@/api/gen/system/system';
import type { ServiceCapabilities, ServiceCapability } from '@/api/gen/model';

export type ServiceName = keyof ServiceCapabilities;

const FIVE_MINUTES_MS = 5 * 60_000;
const AVAILABLE: ServiceCapability = { available: true, reason: null };

const options = { query: { staleTime: FIVE_MINUTES_MS, meta: { silent: true } } };

/** The same query for prefetching, so the layout asks for it while the guard still checks the user. */
export const capabilitiesQuery = () => getSystemCapabilitiesQueryOptions(options);

/** What this instance offers (services, payment channels, sign-up): read once in a while, never toasts. */
export function useCapabilities() {
  return useSystemCapabilities(options);
}

/**
 * Whether a service is open here; undefined until known. When the call itself fails the service counts as
 * open, so a hiccup of this call never hides a screen that works.
 */
export function useServiceCapability(service: ServiceName | null): ServiceCapability | undefined {
  const { data, isError } = useCapabilities();
  if (!service) return AVAILABLE;
  if (data) return data.services[service];
  return isError ? AVAILABLE : undefined;
}
