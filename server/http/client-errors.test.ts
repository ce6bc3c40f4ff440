import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp, testRuntime } from '../test/app';
import { openTestDatabase } from '../test/database';

const CHINESE = /[\u4e00-\u9fff]/;

// Raw bytes over a real socket: Node's HTTP parser answers these before Fastify or inject see them.
function exchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}

describe('requests Node cannot parse get the error envelope over a real connection', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a URL over the 16 KB header limit is 414 URI_TOO_LONG, not Node\'s English 431', async () => {
    const response = await exchange(port, `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(response.status).toBe(414);
    expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: { code: 'URI_TOO_LONG', message: '请求地址过长，请缩短后重试' },
    });
  });

  it('headers over the limit are 431 HEADERS_TOO_LARGE', async () => {
    const response = await exchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: c=${'b'.repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body).error.code).toBe('HEADERS_TOO_LARGE');
    expect(JSON.parse(response.body).error.message).toMatch(CHINESE);
  });

  it.each([
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('%s is 400 BAD_REQUEST', async (_name, request) => {
    const response = await exchange(port, request);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ success: false, error: { code: 'BAD_REQUEST', message: '请求格式不正确，无法处理' } });
  });

  it('a malformed percent-escape in the path is 400 BAD_URL in the envelope', async () => {
    const response = await exchange(port, 'GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ success: false, error: { code: 'BAD_URL', message: '请求地址格式不正确' } });
  });

  it('the server keeps serving afterwards', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('a request that arrives while the server shuts down', () => {
  it('is refused with 503 in the envelope, not Fastify\'s English body', async () => {
    const db = await openTestDatabase();
    const app = await buildApp({ runtime: testRuntime(db) });
    const signal = () => {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    const slowEntered = signal();
    const slowReleased = signal();
    const closing = signal();
    const refusalSent = signal();
    app.get('/test/slow', async () => {
      slowEntered.resolve();
      await slowReleased.promise;
      return { success: true, result: null };
    });
    app.addHook('preClose', async () => closing.resolve());
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url === '/api/health') refusalSent.resolve();
      return payload;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const socket = connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));

    // A keep-alive connection busy with a slow request when the shutdown starts; a second request follows on it.
    socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowEntered.promise;
    const closed = app.close();
    await closing.promise;
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await refusalSent.promise;
    slowReleased.resolve();
    await closed;
    await ended;
    await db.close();

    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('{"success":true,"result":null}');
    expect(text).toContain('HTTP/1.1 503 Service Unavailable');
    expect(text).toContain('{"success":false,"error":{"code":"SERVER_CLOSING","message":"服务正在重启，请稍后重试"}}');
  });
});

describe('a request whose client hangs up mid-handler', () => {
  it('still finishes, with the database, before app.close() resolves', async () => {
    const db = await openTestDatabase();
    const app = await buildApp({ runtime: testRuntime(db) });
    const events: string[] = [];
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    app.get('/test/slow', async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [row] = await db.sql<{ one: number }>('select 1 as one');
      events.push(`handler read ${row.one}`);
      return { success: true, result: null };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const socket = connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
    socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await inHandler;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await app.close();
    events.push('closed');
    await db.close();
    expect(events).toEqual(['handler read 1', 'closed']);
  });
});

describe('routing and content-type failures are Chinese envelopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['an unknown path', 'POST', '/api/base/none', undefined, undefined, 404, 'NOT_FOUND'],
    ['a method the route does not take', 'DELETE', '/api/base/login_api/f/register', undefined, undefined, 404, 'NOT_FOUND'],
    ['a body of an unknown media type', 'POST', '/api/base/login_api/f/register', 'application/xml', '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a form-encoded body', 'POST', '/api/base/login_api/f/register', 'application/x-www-form-urlencoded', 'a=1', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['broken JSON', 'POST', '/api/base/login_api/f/register', 'application/json', '{"a":', 400, 'INVALID_JSON'],
    ['a JSON string instead of an object', 'POST', '/api/base/login_api/f/register', 'application/json', '"x"', 400, 'VALIDATION_FAILED'],
  ] as const)('%s', async (_name, method, url, type, payload, status, code) => {
    const response = await t.app.inject({ method, url, payload, headers: type ? { 'content-type': type } : {} });
    expect(response.statusCode).toBe(status);
    const error = response.json().error;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(CHINESE);
  });
});
