import { describe, expect, it } from 'vitest';
import type { CheckReport, Workbench, WorkbenchSuggestions, WorkbenchUpdate } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { MOCK_PASSWORD } from './auth-state';

setupMockServer();

const BASE = '/api/base/check_api';

async function signIn(): Promise<string> {
  const { body } = await callMock<{ access_token: string }>(`/api/base/login_api/f/login?username=xm_01&password=${MOCK_PASSWORD}`);
  return body.result.access_token;
}

/** The first seeded check with a red sentence, its report and the paragraph holding it. */
async function redParagraph(token: string) {
  for (let id = 1; id <= 12; id++) {
    const { status, body } = await callMock<CheckReport>(`${BASE}/report_paragraphs?id=${id}`, { token, method: 'GET' });
    if (status !== 200) continue;
    const paragraph = body.result.paragraphs.find((p) => p.sentences.some((s) => s.mark === 'red'));
    if (paragraph) return { id: String(id), report: body.result, paragraph };
  }
  throw new Error('no seeded check with a red sentence');
}

describe('mocked 改写工作台', () => {
  it('re-checks an edit (a rewritten copied sentence is unmarked, the estimate falls), undoes it, and offers other wordings', async () => {
    const token = await signIn();
    const { id, report, paragraph } = await redParagraph(token);
    const opened = (await callMock<Workbench>(`${BASE}/workbench_load?id=${id}`, { token })).body.result;
    expect(opened.estimate.totalRatio).toBeCloseTo(report.figures.totalRatio, 6);

    const red = paragraph.sentences.find((s) => s.mark === 'red')!;
    const chars = Array.from(paragraph.text);
    const text = `${chars.slice(0, red.start).join('')}这句话由学生用自己的话重新写过。${chars.slice(red.end).join('')}`;
    const update = (await callMock<WorkbenchUpdate>(`${BASE}/workbench_recheck`, { token, body: { id, index: paragraph.index, text, kind: 'typing', baseRevision: 0 } })).body.result;
    expect(update.revision).toBe(1);
    const again = update.paragraphs[0];
    expect(again.sentences.find((s) => s.start === red.start)?.mark).toBe('none');
    expect(update.estimate.totalRatio).toBeLessThan(report.figures.totalRatio);

    const undone = await callMock<Workbench>(`${BASE}/workbench_undo?id=${id}`, { token });
    expect(undone.body.result).toMatchObject({ revision: 0, historyLength: 1, paragraphs: [] });
    expect((await callMock(`${BASE}/workbench_undo?id=${id}`, { token })).status).toBe(409);

    const found = await callMock<WorkbenchSuggestions>(`${BASE}/workbench_suggest`, { token, body: { id, index: paragraph.index, paragraph: paragraph.text, start: red.start, end: red.end } });
    expect(found.status).toBe(200);
    expect(found.body.result.mark).toBe('red');
    expect(found.body.result.suggestions.length).toBeGreaterThan(0);
    for (const s of found.body.result.suggestions) expect(s.text).not.toBe(found.body.result.sentence);
  });
});
