import { http as mock, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, http, REQUEST_TIMEOUT_MS, TOKEN_KEY } from './http';

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

type Seen = { url: URL; method: string; auth: string | null; type: string | null; body: string };

function record(path: string, reply: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    mock.all(`*${path}`, async ({ request }) => {
      seen.push({
        url: new URL(request.url),
        method: request.method,
        auth: request.headers.get('authorization'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return reply();
    }),
  );
  return seen;
}

describe('http mutator', () => {
  it('puts params in the query string and data in a JSON body, and unwraps result', async () => {
    const seen = record('/api/base/check_api/update_title', () =>
      HttpResponse.json({ success: true, result: { id: 'c1', title: '新题目' } }),
    );
    const result = await http<{ success: boolean; result: { id: string; title: string } }>({
      url: '/api/base/check_api/update_title',
      method: 'POST',
      params: { id: 'c1', skip: undefined },
      data: { title: '新题目', author: '张三' },
    });
    expect(result).toEqual({ id: 'c1', title: '新题目' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.searchParams.get('id')).toBe('c1');
    expect(seen[0].url.searchParams.has('skip')).toBe(false);
    expect(seen[0].type).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ title: '新题目', author: '张三' });
  });

  it('sends no content type when an optional body is left out', async () => {
    const seen = record('/api/base/check_api/query_list', () => HttpResponse.json({ success: true, result: {} }));
    await http({
      url: '/api/base/check_api/query_list',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      params: { pageNo: 1, pageSize: 10 },
      data: undefined,
    });
    expect(seen[0].type).toBeNull();
    expect(seen[0].body).toBe('');
  });

  it('sends the bearer token from localStorage Admin-Token only when there is one', async () => {
    const seen = record('/api/base/login_api/current', () => HttpResponse.json({ success: true, result: null }));
    await http({ url: '/api/base/login_api/current', method: 'POST' });
    localStorage.setItem(TOKEN_KEY, 'mya_token_value');
    await http({ url: '/api/base/login_api/current', method: 'POST' });
    expect(seen.map((s) => s.auth)).toEqual([null, 'Bearer mya_token_value']);
  });

  it('keeps a null result as null (QR polling before confirmation)', async () => {
    record('/api/base/login_api/f/val_login_qr_code', () => HttpResponse.json({ success: true, result: null }));
    await expect(http({ url: '/api/base/login_api/f/val_login_qr_code', method: 'POST' })).resolves.toBeNull();
  });

  it('lets fetch write the multipart boundary', async () => {
    const seen = record('/api/base/check_api/check_init', () => HttpResponse.json({ success: true, result: {} }));
    const form = new FormData();
    form.append('title', '论文');
    await http({
      url: '/api/base/check_api/check_init',
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      data: form,
    });
    expect(seen[0].type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('论文');
  });

  it('returns files as blobs', async () => {
    record('/api/base/check_api/download_report', () =>
      new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const file = await http<Blob>({ url: '/api/base/check_api/download_report', method: 'GET', params: { id: 'c1' } });
    // fetch's Blob (undici) is not jsdom's Blob class, so check its behaviour, not its prototype.
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7');
  });

  it('throws ApiError with status, code and the server message from error.message', async () => {
    record('/api/base/login_api/f/login', () =>
      HttpResponse.json(
        { success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } },
        { status: 401 },
      ),
    );
    const failure = await http({ url: '/api/base/login_api/f/login', method: 'POST' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
  });

  it('gives a Chinese message when the failure has no envelope', async () => {
    record('/api/broken', () => new HttpResponse('<html>bad gateway</html>', { status: 502 }));
    await expect(http({ url: '/api/broken', method: 'GET' })).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: '请求失败（HTTP 502）',
    });
  });

  it('gives up after 15 000 ms with a timeout error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      mock.post('*/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const pending = http({ url: '/api/slow', method: 'POST' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', message: '请求超时，请检查网络后重试' });
  });
});
