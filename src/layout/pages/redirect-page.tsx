import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** `/redirect/<path>` replaces itself with `/<path>`: the tags-view Refresh remounts a page this way. */
export function RedirectPage({ path, searchStr }: { path: string; searchStr: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href: `/${path}${searchStr}`, replace: true });
  }, [navigate, path, searchStr]);
  return null;
}
