import { useSelector } from '@tanstack/react-store';
import { sessionStore } from '@/stores/session';

/** Record screens only ask the server once there is a token; visitors see a login prompt instead. */
export function useSignedIn(): boolean {
  return useSelector(sessionStore, (state) => Boolean(state.token));
}
