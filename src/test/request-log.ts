import { server } from '../../mocks/node';

/** Counts the requests MSW sees for each path, e.g. calls('/api/base/login_api/f/val_login_qr_code'), and keeps their bodies. */
export function recordRequests() {
  const urls: URL[] = [];
  const requests: Request[] = [];
  const listener = ({ request }: { request: Request }) => {
    urls.push(new URL(request.url));
    requests.push(request.clone());
  };
  server.events.on('request:start', listener);
  return {
    urls,
    calls: (path: string) => urls.filter((url) => url.pathname === path).length,
    last: (path: string) => urls.filter((url) => url.pathname === path).at(-1),
    /** The JSON body of the last request to the path (undefined without one). */
    lastBody: async (path: string): Promise<unknown> => {
      const request = requests.filter((r) => new URL(r.url).pathname === path).at(-1);
      const text = await request?.text();
      return text ? JSON.parse(text) : undefined;
    },
    stop: () => server.events.removeListener('request:start', listener),
  };
}
