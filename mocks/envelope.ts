import { HttpResponse } from 'msw';

export function ok<T>(result: T) {
  return HttpResponse.json({ success: true, result });
}

export function fail(status: number, code: string, message: string) {
  return HttpResponse.json({ success: false, error: { code, message } }, { status });
}

export const unauthorized = () => fail(401, 'UNAUTHORIZED', '未登录或登录已过期，请重新登录');
export const notFound = (what = '记录') => fail(404, 'NOT_FOUND', `${what}不存在`);
export const badRequest = (message: string) => fail(400, 'BAD_REQUEST', message);
