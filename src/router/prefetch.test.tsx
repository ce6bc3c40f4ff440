import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCheckLoadByIdQueryKey } from '@/api/gen/check/check';
import { getPaperMachineLoadByIdQueryKey } from '@/api/gen/rewrite/rewrite';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { MOCK_PARAGRAPHS } from '../../mocks/sample-text';

const server = setupMockServer();

async function draftCheck(token: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('author', '王五');
  form.append('content', MOCK_PARAGRAPHS.join('\n'));
  return (await callMock<{ id: string }>('/api/base/check_api/check_init', { token, body: form })).body.result.id;
}

function requestsTo(fragment: string): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(fragment)) urls.push(request.url);
  });
  return urls;
}

// defaultPreload: 'intent' preloads a route's loader on hover: the record a screen shows is in the query
// cache, under the screen's own key, before the user clicks.
describe('route loaders', () => {
  it('preloading a record route fetches its record into the cache, and the screen renders it without asking again', async () => {
    const token = await signIn();
    const id = await draftCheck(token, '预加载的论文');
    const { router, queryClient } = renderApp('/paper/report');
    await screen.findByRole('table');
    const loads = requestsTo('/check_api/load_by_id');
    await router.preloadRoute({ to: '/paper/submit/$id', params: { id } });
    expect(queryClient.getQueryData(getCheckLoadByIdQueryKey({ id }))).toMatchObject({ id, title: '预加载的论文' });
    expect(loads).toHaveLength(1);
    await router.navigate({ to: '/paper/submit/$id', params: { id } });
    expect(await screen.findByText('预加载的论文')).toBeInTheDocument();
    expect(loads).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('asks for nothing without a sign-in, and a record that cannot be loaded leaves the navigation to the screen', async () => {
    const { router, queryClient } = renderApp('/home');
    await router.preloadRoute({ to: '/papermachine/content/$id', params: { id: 'someone-elses' } });
    expect(queryClient.getQueryData(getPaperMachineLoadByIdQueryKey({ id: 'someone-elses' }))).toBeUndefined();
    await signIn();
    const loads = requestsTo('/paper_machine_api/load_by_id');
    await router.preloadRoute({ to: '/papermachine/content/$id', params: { id: 'no-such-record' } });
    await waitFor(() => expect(loads).toHaveLength(1));
    expect(queryClient.getQueryState(getPaperMachineLoadByIdQueryKey({ id: 'no-such-record' }))?.status).toBe('error');
    expect(screen.queryByText(/记录不存在|不存在/)).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });
});
