import { useCapabilities } from '@/components/use-capabilities';

/**
 * Whether to offer sign-up: false only once the server says registration is closed. While that is
 * unknown (loading, or the call failed) the link shows, and a closed server's 403 message reaches the form.
 */
export function useRegistrationOpen(): boolean {
  return useCapabilities().data?.registration.open !== false;
}
