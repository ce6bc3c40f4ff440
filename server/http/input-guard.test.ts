import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../handlers/check.test-helpers';
import { bearer, body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { expectNoChange } from '../test/snapshot';
import { findUnsafeText } from './input-guard';

const NUL_MESSAGE = '包含不允许的字符（U+0000），请删除后重试';
const SURROGATE_MESSAGE = '包含无法识别的字符（不成对的 UTF-16 代理项），请删除后重试';

describe('findUnsafeText', () => {
  it.each([
    ['plain text', { title: '论文题目 😀', list: ['a', 1, null, true] }, null],
    ['NUL in a nested string', { outline: [{ title: 'a\u0000b' }] }, { path: 'outline[0].title', problem: 'nul' }],
    ['NUL in a key', { ['a\u0000']: 1 }, { path: '', problem: 'nul' }],
    ['a lone high surrogate', { s: 'x\ud800' }, { path: 's', problem: 'surrogate' }],
    ['a lone low surrogate', { s: '\udc00x' }, { path: 's', problem: 'surrogate' }],
    ['a surrogate pair', { s: '\ud83d\ude00' }, null],
    ['file bytes, which may hold anything', { file: { filename: 'a.docx', mimetype: 'x', data: Buffer.from([0, 0xd8]) } }, null],
    ['a file name with NUL', { file: { filename: 'a\u0000.docx', mimetype: 'x', data: Buffer.alloc(1) } }, { path: 'file.filename', problem: 'nul' }],
  ])('%s', (_name, value, expected) => {
    expect(findUnsafeText(value)).toEqual(expected);
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.problem).toBe('nul');
  });
});

describe('U+0000 and lone surrogates are refused at the edge with a 400, before any handler or the database', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (request: () => Promise<{ statusCode: number; json(): unknown }>) => {
    const response = await expectNoChange(t.db, request);
    expect(response.statusCode).toBe(400);
    return body(response as never).error;
  };

  it('in the query string of a public call (f/login, which reached PostgreSQL and failed with 500)', async () => {
    const error = await refused(() => t.app.inject({ method: 'POST', url: '/api/base/login_api/f/login?username=a%00b&password=x' }));
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `查询参数 username ${NUL_MESSAGE}` });
  });

  it('in a JSON body of a public call (f/sandbox_notify)', async () => {
    const error = await refused(() =>
      post(t.app, '/api/order/order_info_api/f/sandbox_notify', { payload: { orderId: 'a\u0000b', token: 't' } }),
    );
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `请求体 orderId ${NUL_MESSAGE}` });
  });

  it('in a JSON string at any depth and in a key, escaped as \\u0000', async () => {
    const payload = '{"username":"someone","password":"Moyan2026!","extra":{"list":["\\u0000"]}}';
    const error = await refused(() =>
      t.app.inject({ method: 'POST', url: '/api/base/login_api/f/register', headers: { 'content-type': 'application/json' }, payload }),
    );
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `请求体 extra.list[0] ${NUL_MESSAGE}` });
  });

  it('a lone surrogate in JSON (PGlite stores it as U+FFFD in text and refuses it in jsonb)', async () => {
    const payload = '{"username":"ab\\ud800c","password":"Moyan2026!"}';
    const error = await refused(() =>
      t.app.inject({ method: 'POST', url: '/api/base/login_api/f/register', headers: { 'content-type': 'application/json' }, payload }),
    );
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `请求体 username ${SURROGATE_MESSAGE}` });
  });

  it('in a multipart text field and in an upload file name', async () => {
    const form = await multipart({ title: '题目\u0000', content: '正文' });
    const field = await refused(() =>
      t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, ...bearer(token) } }),
    );
    expect(field).toEqual({ code: 'INVALID_CHARACTER', message: `请求体 title ${NUL_MESSAGE}` });

    const boundary = 'moyanBoundary';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n题目\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00.txt\r\nContent-Type: text/plain\r\n\r\n正文\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const name = await refused(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/base/check_api/check_init',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
      }),
    );
    expect(name).toEqual({ code: 'INVALID_CHARACTER', message: `请求体 file.filename ${NUL_MESSAGE}` });
  });

  it('in a path parameter (the sandbox pay page)', async () => {
    const error = await refused(() => t.app.inject({ method: 'GET', url: '/pay/sandbox/a%00b?token=x' }));
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `请求地址 orderId ${NUL_MESSAGE}` });
  });

  it('in the path of a static file', async () => {
    const error = await refused(() => t.app.inject({ method: 'GET', url: '/assets/a%00.js' }));
    expect(error).toEqual({ code: 'INVALID_CHARACTER', message: `请求地址${NUL_MESSAGE}` });
  });

  it('lets ordinary text through, emoji and all', async () => {
    const response = await post(t.app, '/api/base/check_api/word_count', { token, payload: { content: '论文正文 😀 Text' } });
    expect(response.statusCode).toBe(200);
  });
});
