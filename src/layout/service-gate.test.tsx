import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail } from '../../mocks/envelope';
import { setMockOffer } from '../../mocks/overrides/capabilities';
import { toaster } from '@/components/ui/toaster-view';
import { setupMockServer } from '@/test/mock-server';
import { recordRequests } from '@/test/request-log';
import { renderApp, signIn } from '@/test/render-app';

const server = setupMockServer();

/** What the real server answers for an area that is not built yet. */
function answerNotImplemented(...areas: string[]) {
  server.use(
    ...areas.map((area) => http.all(`*/api/base/${area}/*`, () => fail(501, 'NOT_IMPLEMENTED', '该功能即将上线，敬请期待'))),
  );
}

const callsTo = (log: ReturnType<typeof recordRequests>, area: string) =>
  log.urls.filter((url) => url.pathname.startsWith(`/api/base/${area}/`)).length;

/** Long enough for the records lists to have asked, failed and toasted, had they been mounted. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('services this instance does not offer', () => {
  it('marks their tabs and home cards 建设中, and only theirs', async () => {
    setMockOffer({ unavailable: ['ppt', 'paper'] });
    await signIn();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const ppt = await within(nav).findByRole('link', { name: /AI PPT/ });
    await waitFor(() => expect(ppt).toHaveTextContent('AI PPT建设中'));
    expect(within(nav).getByRole('link', { name: /论文写作/ })).toHaveTextContent('论文写作建设中');
    expect(within(nav).getByRole('link', { name: /论文查重/ })).toHaveTextContent(/^论文查重$/);

    await screen.findByRole('heading', { name: 'AI 生成 PPT', level: 3 });
    const card = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('a') as HTMLElement;
    expect(within(card('AI 生成 PPT')).getByText('建设中')).toBeInTheDocument();
    expect(within(card('AI 生成 PPT')).getByText('敬请期待')).toBeInTheDocument();
    expect(within(card('论文查重')).queryByText('建设中')).not.toBeInTheDocument();
    expect(within(card('论文查重')).getByText('立即使用')).toBeInTheDocument();
  });

  it.each([
    ['/aippt/ppt', 'AI生成PPT', 'ai_ppt_info_api', '先去论文查重', '/papercheck/check'],
    ['/aippt/list', 'PPT记录', 'ai_ppt_info_api', '先去论文查重', '/papercheck/check'],
    ['/aiaigc/jc', '降AI痕迹', 'paper_aigc_api', '先去AIGC检测', '/aigccheck/check'],
    ['/aigccheck/check', '提交检测', 'paper_aigc_api', '先去论文查重', '/papercheck/check'],
    ['/airs/rs', '润色改写', 'paper_machine_api', '先去论文查重', '/papercheck/check'],
  ])('explains %s calmly, calls none of its service and shows no error toast', async (path, title, area, link, href) => {
    setMockOffer({ unavailable: ['ppt', 'aigc', 'aigcLower', 'rewrite'] });
    answerNotImplemented(area);
    await signIn();
    const log = recordRequests();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('该功能正在建设中')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: link })).toHaveAttribute('href', href);
    await settle();
    expect(callsTo(log, area)).toBe(0);
    expect(toaster.getVisibleToasts()).toEqual([]);
    log.stop();
  });

  it('offers AIGC detection while lowering AI traces is still being built', async () => {
    setMockOffer({ unavailable: ['aigcLower'] });
    await signIn();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /降AI痕迹/ })).toHaveTextContent('降AI痕迹建设中'));
    const detection = (await screen.findByRole('heading', { name: 'AIGC检测', level: 3 })).closest('a') as HTMLElement;
    expect(detection).toHaveAttribute('href', '/aigccheck/check');
    expect(within(detection).getByText('立即使用')).toBeInTheDocument();
  });

  it('shows the screen and its records once the service is offered', async () => {
    await signIn();
    const log = recordRequests();
    renderApp('/aippt/ppt');
    expect(await screen.findByText('最近生成')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(log, 'ai_ppt_info_api')).toBeGreaterThan(0));
    expect(screen.queryByText('该功能正在建设中')).not.toBeInTheDocument();
    log.stop();
  });

  it('explains the standalone chat screen too', async () => {
    setMockOffer({ unavailable: ['chat'] });
    answerNotImplemented('chat_gpt_api');
    await signIn();
    const log = recordRequests();
    renderApp('/gpt');
    expect(await screen.findByText('该功能正在建设中')).toBeInTheDocument();
    await settle();
    expect(callsTo(log, 'chat_gpt_api')).toBe(0);
    expect(toaster.getVisibleToasts()).toEqual([]);
    log.stop();
  });
});
