import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageTitle } from '@/router/meta';

/** Page title = product prefix + the meta title of the deepest titled route. */
export function DocumentTitle() {
  const title = useMatches({
    select: (matches) => matches.map((match) => match.staticData?.meta?.title).filter(Boolean).at(-1),
  });
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
