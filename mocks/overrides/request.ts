import { unauthorized } from '../envelope';
import { type MockUser, userOf } from './auth-state';

/** A record as the stateful overrides keep it. */
export type Row = { id: string } & Record<string, unknown>;

/** The JSON body, or `{}` when there is none or it does not parse; read from a copy, so a handler that lets the request pass leaves it whole for the next. */
export async function readBody<T extends object>(request: Request): Promise<Partial<T>> {
  return ((await request.clone().json().catch(() => null)) ?? {}) as Partial<T>;
}

/** The `id` query parameter (load_by_id, delete, downloads ...). */
export const idOf = (request: Request) => new URL(request.url).searchParams.get('id') ?? '';

/** The list page the query asks for (`pageNo`, `pageSize` up to 100), as a function cutting it from a list. */
export function pageOf(request: Request) {
  const url = new URL(request.url);
  const pageNo = Math.max(1, Number(url.searchParams.get('pageNo') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  return <T>(items: T[]) => ({ records: items.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: items.length, pageNo, pageSize });
}

/** A handler for signed-in users only: without a known bearer token it answers 401. */
export function withUser(handler: (request: Request, user: MockUser) => Promise<Response> | Response) {
  return ({ request }: { request: Request }) => {
    const user = userOf(request);
    return user ? handler(request, user) : unauthorized();
  };
}
