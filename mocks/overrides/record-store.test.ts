import { describe, expect, it } from 'vitest';
import { callMock } from '@/test/call-mock';
import { signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

const post = <T>(path: string, auth: string | null, body?: unknown) => callMock<T>(path, { token: auth, body });

type Page = { records: { id: string; title: string; kind?: string; createdAt: string }[]; total: number; pageNo: number; pageSize: number };

describe('mocked record lists', () => {
  it('pages through a seeded list', async () => {
    const auth = await signIn();
    const first = await post<Page>('/api/base/check_api/query_list?pageNo=1&pageSize=5', auth);
    expect(first.body.result.records).toHaveLength(5);
    expect(first.body.result.total).toBeGreaterThan(5);
    expect(new Set(first.body.result.records.map((record) => record.id)).size).toBe(5);
    const second = await post<Page>('/api/base/check_api/query_list?pageNo=2&pageSize=5', auth);
    expect(second.body.result.records[0].id).not.toBe(first.body.result.records[0].id);
  });

  it('deletes, updates and loads within the session', async () => {
    const auth = await signIn();
    const list = async () => (await post<Page>('/api/base/check_api/query_list?pageNo=1&pageSize=100', auth)).body.result;
    const before = await list();
    const [victim, edited] = before.records;

    expect((await post(`/api/base/check_api/delete?id=${victim.id}`, auth)).body.result).toEqual({ id: victim.id, deleted: true });
    const after = await list();
    expect(after.total).toBe(before.total - 1);
    expect(after.records.some((record) => record.id === victim.id)).toBe(false);
    expect((await post(`/api/base/check_api/delete?id=${victim.id}`, auth)).status).toBe(404);

    await post(`/api/base/check_api/update_title?id=${edited.id}`, auth, { title: '新的论文题目', author: '张三' });
    const loaded = await post<{ title: string; author: string }>(`/api/base/check_api/load_by_id?id=${edited.id}`, auth);
    expect(loaded.body.result).toMatchObject({ title: '新的论文题目', author: '张三' });
  });

  it('filters by the body and refuses lists without a token', async () => {
    const auth = await signIn();
    const detections = (await post<Page>('/api/base/paper_aigc_api/query_list?pageNo=1&pageSize=100', auth, { kind: 'detect' })).body.result;
    expect(detections.records.every((record) => record.kind === 'detect')).toBe(true);
    expect((await post('/api/base/paper_aigc_api/query_list', null)).status).toBe(401);
    expect((await post('/api/base/product_package_api/query_list', null)).status).toBe(401);
  });
});
