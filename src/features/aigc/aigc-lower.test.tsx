import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AigcRecord } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { setMockOffer } from '../../../mocks/overrides/capabilities';
import { setupMockServer } from '@/test/mock-server';
import { topUp } from '@/test/charges';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';

setupMockServer();

describe('降AIGC screens', () => {
  it('offers the finished detections with flagged paragraphs, explains each way, and opens the comparison after paying', async () => {
    const token = await signIn();
    await topUp(token);
    const done = (await callMock<{ records: AigcRecord[] }>('/api/base/paper_aigc_api/query_list?pageSize=50', { token, body: { kind: 'detect', status: 'done' } })).body.result.records;
    const flagged = done.filter((r) => r.paragraphFlagged > 0);
    expect(flagged.length).toBeGreaterThan(0);
    const requests = recordRequests();
    const { user, router } = renderApp('/aigcdown/machine');
    const select = await screen.findByRole('combobox', { name: '检测结果' });
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(flagged.length));
    expect(select).toHaveTextContent(flagged[0].title);
    expect(screen.getByTestId('lower-mode-explained')).toHaveTextContent('本站检测器');
    await user.click(screen.getByText('强力'));
    expect(screen.getByTestId('lower-mode-explained')).toHaveTextContent('重组');
    await user.click(screen.getByRole('button', { name: '开始降AIGC' }));
    expect(requests.calls('/api/base/paper_aigc_api/aigc_machine_submit')).toBe(0);
    await user.click(await within(await screen.findByTestId('charge-confirm')).findByRole('button', { name: /^确认支付 ¥/ }));
    await waitFor(() => expect(requests.calls('/api/base/paper_aigc_api/aigc_machine_submit')).toBe(1));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/papermachine\/content\//));
  });

  it('says before paying that the offline engine seldom lowers AI traces, and when the charge comes back', async () => {
    setMockOffer({ rewriteEngine: 'offline' });
    await signIn();
    renderApp('/aigcdown/machine');
    const note = await screen.findByTestId('lower-engine');
    await waitFor(() => expect(note).toHaveAttribute('data-engine', 'offline'));
    expect(note).toHaveTextContent('很少能降低 AI 概率');
    expect(note).toHaveTextContent('没有改写任何一段时全额退款');
  });

  it('lists 降AIGC records with the AI share before and after', async () => {
    await signIn();
    renderApp('/aiaigc/list');
    expect(await screen.findByText('降前')).toBeInTheDocument();
    expect(screen.getByText('降后')).toBeInTheDocument();
  });
});
