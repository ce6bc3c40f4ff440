import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../services/tasks/tasks';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { depsFor } from '../test/fixtures';

const PROGRESS = '/api/base/task_api/progress';

describe('task progress', () => {
  let t: TestApp;
  let mine: { token: string; id: string };
  let theirs: { token: string; id: string };
  beforeAll(async () => {
    t = await createTestApp();
    const userOf = async (token: string) =>
      body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
    const a = (await signUp(t.app)).token;
    const b = (await signUp(t.app)).token;
    mine = { token: a, id: await userOf(a) };
    theirs = { token: b, id: await userOf(b) };
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns status and progress of the caller’s tasks only, in the order asked', async () => {
    const deps = depsFor(t.db);
    const one = await createTask(deps, { kind: 'check', userId: mine.id, priceFen: 300 });
    const two = await createTask(deps, { kind: 'rewrite', userId: mine.id, priceFen: 900 });
    const other = await createTask(deps, { kind: 'check', userId: theirs.id, priceFen: 300 });
    await t.db.sql("update tasks set status = 'running', progress = 65 where id = $1", [two.id]);
    const response = await post(t.app, PROGRESS, {
      token: mine.token,
      payload: { ids: [two.id, other.id, 'no-such-task', one.id, two.id] },
    });
    expect(response.statusCode).toBe(200);
    const items = body<Array<{ id: string; kind: string; status: string; progress: number; error: null }>>(response).result;
    expect(items.map((i) => [i.id, i.kind, i.status, i.progress])).toEqual([
      [two.id, 'rewrite', 'running', 65],
      [one.id, 'check', 'draft', 0],
    ]);
  });

  it.each([
    [{ ids: [] }, '请求参数不正确：ids 不能为空'],
    [{}, '请求参数不正确：ids 不能为空'],
    [{ ids: 'abc' }, '请求参数不正确：ids 应为数组'],
    [{ ids: Array.from({ length: 51 }, (_, i) => `t${i}`) }, '请求参数不正确：ids 不能超过 50 项'],
    [{ ids: [''] }, '请求参数不正确：ids[0] 不能为空'],
  ])('rejects %j', async (payload, message) => {
    const response = await post(t.app, PROGRESS, { token: mine.token, payload });
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('requires a sign-in', async () => {
    expect((await post(t.app, PROGRESS, { payload: { ids: ['x'] } })).statusCode).toBe(401);
  });
});
