import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRatio } from '@/lib/number';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { shownTotal } from '@/test/record-table';
import { DESKTOP_WIDTH, setViewportWidth } from '@/test/viewport';
import { MOCK_PARAGRAPHS } from '../../../mocks/sample-text';

setupMockServer();

const api = async <T,>(path: string, token: string, body?: unknown) =>
  (await callMock<T>(`/api/base/check_api/${path}`, { token, body })).body.result;

async function submittedCheck(token: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('content', MOCK_PARAGRAPHS.join('\n'));
  const { id } = await api<{ id: string }>('check_init', token, form);
  await api('check_submit', token, { id });
  return id;
}

const rowOf = (title: string) => within(screen.getByRole('table')).getByText(title).closest('tr') as HTMLElement;

describe('check records screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setViewportWidth(DESKTOP_WIDTH);
  });

  it('asks a visitor to log in instead of loading records', async () => {
    const { user } = renderApp('/paper/report');
    await user.click(await screen.findByRole('button', { name: '先看看,一会再说' }));
    expect(await screen.findByText('登录后查看您的记录')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('polls the progress of a running check every few seconds until its figures appear', async () => {
    const token = await signIn();
    await submittedCheck(token, '正在检测的论文');
    const requests = recordRequests();
    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(within(rowOf('正在检测的论文')).getByText('—')).toBeInTheDocument();
    await waitFor(
      () => {
        expect(within(rowOf('正在检测的论文')).getByText('已完成')).toBeInTheDocument();
        expect(within(rowOf('正在检测的论文')).getByText(/^\d+\.\d%$/)).toBeInTheDocument();
      },
      { timeout: 12_000 },
    );
    expect(requests.calls('/api/base/task_api/progress')).toBeGreaterThanOrEqual(3);
    const finished = within(rowOf('正在检测的论文'));
    expect(finished.getByText('100%')).toBeInTheDocument();
    expect(finished.getByRole('link', { name: '查看报告' })).toHaveAttribute('href', expect.stringMatching(/^\/paper\/report\/\w+$/));
    const polls = requests.calls('/api/base/task_api/progress');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(requests.calls('/api/base/task_api/progress')).toBe(polls);
    requests.stop();
  }, 20_000);

  it('deletes a record after confirmation and keeps it deleted', async () => {
    await signIn();
    const { user, unmount } = renderApp('/paper/report');
    await screen.findByRole('table');
    const before = shownTotal();
    const row = within(screen.getByRole('table')).getAllByRole('row').slice(1).find((r) => within(r).queryByRole('button', { name: '删除' })?.hasAttribute('disabled') === false) as HTMLElement;
    const title = within(row).getAllByText(/.+/)[0].textContent ?? '';
    await user.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(new RegExp(`确定删除《${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}》`))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(shownTotal()).toBe(before - 1));
    unmount();
    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(shownTotal()).toBe(before - 1);
  });

  it('does not offer to delete a check that is still running', async () => {
    const token = await signIn();
    await submittedCheck(token, '排队的论文');
    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(within(rowOf('排队的论文')).getByRole('button', { name: '删除' })).toBeDisabled();
  });

  it('says honestly that the requested 降重 was not started', async () => {
    const token = await signIn();
    const form = new FormData();
    form.append('title', '要求降重的论文');
    form.append('content', MOCK_PARAGRAPHS.join('\n'));
    const { id } = await api<{ id: string }>('check_init', token, form);
    await api('check_machine_submit', token, { id, mode: 'strong' });
    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(within(rowOf('要求降重的论文')).getByText('查重完成后自动降重')).toBeInTheDocument();
  });

  it('says why no 降重 was created once the check has ended without one', async () => {
    const token = await signIn();
    const form = new FormData();
    form.append('title', '未能降重的论文');
    form.append('content', MOCK_PARAGRAPHS.join('\n'));
    const { id } = await api<{ id: string }>('check_init', token, form);
    await api('check_machine_submit', token, { id, mode: 'strong' });
    for (let poll = 0; poll < 3; poll++) await callMock('/api/base/task_api/progress', { token, body: { ids: [id] } });
    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(within(rowOf('未能降重的论文')).getByText('余额不足或查重未成功，未创建降重任务')).toBeInTheDocument();
  });

  it('renames a record', async () => {
    const token = await signIn();
    await submittedCheck(token, '旧题目');
    const { user } = renderApp('/paper/report');
    await screen.findByRole('table');
    await user.click(within(rowOf('旧题目')).getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('论文题目');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入论文题目')).toBeInTheDocument();
    await user.type(title, '新题目');
    await user.clear(within(dialog).getByLabelText('作者'));
    await user.type(within(dialog).getByLabelText('作者'), '赵六');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(screen.getByRole('table')).findByText('新题目')).toBeInTheDocument();
    expect(within(rowOf('新题目')).getByText('赵六')).toBeInTheDocument();
  });

  it('shows a finished check’s ratio, downloads its report as PDF, and filters by keyword', async () => {
    const token = await signIn();
    const { records } = await api<{ records: Array<{ id: string; status: string; figures: { totalRatio: number } | null }> }>('query_list?pageNo=1&pageSize=10', token);
    const done = records.find((r) => r.status === 'done');
    if (!done?.figures) throw new Error('the mocked list has no finished check on its first page');
    const title = '可下载的论文';
    await api(`update_title?id=${done.id}`, token, { title, author: '' });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/paper/report');
    await screen.findByRole('table');
    const doneRow = rowOf(title);
    expect(within(doneRow).getByText(formatRatio(done.figures.totalRatio))).toBeInTheDocument();
    await user.click(within(doneRow).getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved[0].type).toBe('application/pdf');
    expect(new TextDecoder().decode((await saved[0].arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`${title}-查重报告.pdf`);

    await user.type(screen.getByLabelText('按题目或作者搜索'), title);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row').slice(1).every((r) => r.textContent?.includes(title))).toBe(true));
  });

  it('shows each record as a card on a phone, the ratio and the report link included', async () => {
    await signIn();
    renderApp('/paper/report');
    await screen.findByRole('table', { name: '查重记录' });
    setViewportWidth(375);
    const region = await screen.findByRole('region', { name: '查重记录' });
    expect(screen.queryByRole('table', { name: '查重记录' })).not.toBeInTheDocument();
    const cards = within(region).getAllByRole('article');
    expect(cards.length).toBeGreaterThan(1);
    const done = cards.find((card) => within(card).queryByText('已完成'));
    if (!done) throw new Error('no finished check in the mocked list');
    const card = within(done);
    expect(card.getByText('总文字复制比')).toBeInTheDocument();
    expect(card.getByText(/^\d+\.\d%$/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: '查看报告' })).toHaveAttribute('href', expect.stringMatching(/^\/paper\/report\/\w+$/));
    expect(card.getByRole('button', { name: '下载 PDF' })).toBeInTheDocument();

    setViewportWidth(DESKTOP_WIDTH);
    expect(await screen.findByRole('table', { name: '查重记录' })).toBeInTheDocument();
  });
});
