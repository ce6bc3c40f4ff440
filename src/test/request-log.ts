import { server } from '../../mocks/node';

/** Counts the requests MSW sees for each path, e.g. calls('/api/base/login_api/f/val_login_qr_code'). */
export function recordRequests() {
  const urls: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    urls.push(new URL(request.url));
  };
  server.events.on('request:start', listener);
  return {
    urls,
    calls: (path: string) => urls.filter((url) => url.pathname === path).length,
    last: (path: string) => urls.filter((url) => url.pathname === path).at(-1),
    stop: () => server.events.removeListener('request:start', listener),
  };
}
