import { useSystemCapabilities } from '@/api/gen/system/system';

/**
 * Whether to offer sign-up: false only once the server says registration is closed. While that is
 * unknown (loading, or the call failed) the link shows, and a closed server's 403 message reaches the form.
 */
export function useRegistrationOpen(): boolean {
  const { data } = useSystemCapabilities({ query: { meta: { silent: true }, staleTime: 5 * 60_000 } });
  return data?.registration.open !== false;
}
