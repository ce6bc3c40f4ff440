import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';

const server = setupMockServer();

describe('AI PPT screen', () => {
  it('shows the templates the generated MSW handler answers with', async () => {
    const answered: { name: string }[][] = [];
    server.events.on('response:mocked', async ({ request, response }) => {
      if (request.url.includes('/ai_ppt_info_api/get_template_list')) answered.push(((await response.clone().json()) as { result: { name: string }[] }).result);
    });
    await signIn();
    renderApp('/aippt/ppt');
    await waitFor(() => expect(answered).toHaveLength(1));
    const names = answered[0].map((template) => template.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect((await screen.findAllByText(name)).length).toBeGreaterThan(0);
    server.events.removeAllListeners();
  });

  it('is the same screen under the named route aippttype, showing the deck', async () => {
    const token = await signIn();
    const { body } = await callMock<{ records: { id: string; title: string }[] }>(
      '/api/base/ai_ppt_info_api/query_list?pageNo=1&pageSize=1',
      { token },
    );
    const deck = body.result.records[0];
    const { router } = renderApp(`/aippt/ppttype/${deck.id}`);
    expect(await screen.findByRole('heading', { name: '确认提交', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(deck.title)).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.staticData.meta?.name).toBe('aippttype');
  });
});
