import { describe, expect, it } from 'vitest';
import { callMock } from '@/test/call-mock';
import { signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';
import { resetMockState } from '../handlers';

setupMockServer();

type Row = { id: string; status?: string } & Record<string, unknown>;
type Page = { records: Row[]; total: number };

const post = async <T,>(path: string, token: string, body?: unknown) => callMock<T>(path, { token, body });
const list = async (base: string, token: string, body?: unknown) => (await post<Page>(`${base}/query_list?pageNo=1&pageSize=100`, token, body)).body.result;

/** Every kind of record the screens open by id, with the list it is listed in. */
const KINDS = [
  '/api/base/check_api',
  '/api/base/paper_machine_api',
  '/api/base/machine_api',
  '/api/base/paper_aigc_api',
  '/api/base/paper_info_api',
  '/api/base/ai_paper_info_api',
  '/api/base/ai_ppt_info_api',
  '/api/base/chat_gpt_api',
  '/api/order/order_info_api',
];

describe('the seeded mock store', () => {
  it('has a record with id 1 of every kind, the same one its list shows', async () => {
    const token = await signIn();
    for (const base of KINDS) {
      const listed = (await list(base, token)).records.find((record) => record.id === '1');
      const loaded = await post<Row>(`${base}/load_by_id?id=1`, token);
      expect(loaded.status, base).toBe(200);
      expect(loaded.body.result, base).toMatchObject(listed ?? { id: 'missing from the list' });
    }
  });

  it('lists something in every list and every mode or kind a screen filters by', async () => {
    const token = await signIn();
    const filters: Array<[string, unknown]> = [
      ['/api/base/machine_api', { mode: 'cnki' }],
      ['/api/base/machine_api', { mode: 'smart' }],
      ['/api/base/paper_machine_api', { mode: 'rewrite' }],
      ['/api/base/paper_machine_api', { mode: 'strong' }],
      ['/api/base/paper_machine_api', { mode: 'polish' }],
      ['/api/base/paper_aigc_api', { kind: 'detect' }],
      ['/api/base/paper_aigc_api', { kind: 'lower' }],
      ...KINDS.map((base): [string, unknown] => [base, undefined]),
    ];
    for (const [base, body] of filters) expect((await list(base, token, body)).total, `${base} ${JSON.stringify(body)}`).toBeGreaterThan(0);
    expect((await post<Page>('/api/base/account_info_api/ledger', token)).body.result.records.length).toBeGreaterThan(0);
  });

  it('derives the content routes from the listed record', async () => {
    const token = await signIn();
    const [rewrite] = (await list('/api/base/paper_machine_api', token)).records;
    const pairs = (await post<Page>(`/api/base/paper_machine_api/query_content_list?id=${rewrite.id}&pageSize=100`, token)).body.result;
    expect(pairs.total).toBe(rewrite.paragraphTotal);
    expect(pairs.records.filter((pair) => pair.status === 'done')).toHaveLength(Math.min(100, Number(rewrite.paragraphRewritten)));
    const pair = await post<Row>(`/api/base/paper_machine_api/load_content_by_id?id=${pairs.records[0].id}`, token);
    expect(pair.body.result).toEqual(pairs.records[0]);

    const detection = (await list('/api/base/paper_aigc_api', token, { kind: 'detect' })).records.find((r) => r.status === 'done')!;
    const paragraphs = (await post<Page>(`/api/base/paper_aigc_api/query_content_list?id=${detection.id}&pageSize=100`, token)).body.result.records;
    expect(paragraphs.filter((p) => p.band === 'high' || p.band === 'medium')).toHaveLength(Number(detection.paragraphFlagged));

    const paper = (await list('/api/base/ai_paper_info_api', token)).records.find((r) => r.status === 'running')!;
    const sections = (await post<Page>(`/api/base/ai_paper_info_api/query_content_list?id=${paper.id}&pageSize=100`, token)).body.result.records;
    expect(sections).toHaveLength(Number(paper.sectionCount));
    expect(sections.filter((s) => s.status === 'done')).toHaveLength(Number(paper.sectionsDone));
    const detail = (await post<{ outline: { chapters: Array<{ heading: string; sections: Array<{ heading: string }> }> } }>(`/api/base/ai_paper_info_api/load_by_id?id=${paper.id}`, token)).body.result;
    expect(sections.map((s) => s.heading)).toEqual(detail.outline.chapters.flatMap((c) => [c.heading, ...c.sections.map((s) => s.heading)]));

    const [check] = (await list('/api/base/check_api', token)).records;
    const report = await callMock<{ figures: unknown }>(`/api/base/check_api/report_paragraphs?id=${check.id}`, { token, method: 'GET' });
    expect(report.body.result.figures).toEqual(check.figures);
    expect((await post(`/api/base/paper_machine_api/query_content_list?id=missing`, token)).status).toBe(404);
  });

  it('is the same on every start', async () => {
    const snapshot = async () => {
      const token = await signIn();
      const lists = await Promise.all(KINDS.map((base) => list(base, token)));
      // Times are relative to now, and so is the time an order number begins with (MY + yyyyMMddHHmmss).
      return JSON.stringify(lists)
        .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"<time>"')
        .replace(/"MY\d{14}/g, '"MY<time>');
    };
    const first = await snapshot();
    resetMockState();
    expect(await snapshot()).toBe(first);
  });

  it('starts empty on request, as a brand-new account', async () => {
    resetMockState({ data: 'empty' });
    const token = await signIn();
    for (const base of KINDS) expect((await list(base, token)).total, base).toBe(0);
    expect((await post(`/api/base/check_api/load_by_id?id=1`, token)).status).toBe(404);
  });
});
