import { useRef } from 'react';

/**
 * Runs `submit` unless the previous run is still going: a second click while signing in (or up) is
 * ignored (spec section 5). The button's loading state follows later; this holds from the first click.
 */
export function useSingleSubmit<T>(submit: (values: T) => Promise<void>): (values: T) => Promise<void> {
  const inFlight = useRef(false);
  return async (values: T) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit(values);
    } finally {
      inFlight.current = false;
    }
  };
}
