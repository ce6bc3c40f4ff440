import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';
import { shownTotal } from '@/test/record-table';
import { recordRequests } from '@/test/request-log';

setupMockServer();

const DELETE = '/api/base/paper_aigc_api/delete';
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const deleteButton = (row: HTMLElement) => within(row).getByRole('button', { name: '删除' });

describe('service records (TaskRecords, here the AIGC detections)', () => {
  it('deletes only after confirmation: 取消 keeps the record, 删除 removes it', async () => {
    await signIn();
    const requests = recordRequests();
    const { user } = renderApp('/aigccheck/list');
    await screen.findByRole('table');
    const before = shownTotal();
    const row = rows().find((r) => !deleteButton(r).hasAttribute('disabled')) as HTMLElement;
    const title = within(row).getByRole('link').textContent ?? '';

    await user.click(deleteButton(row));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`确定删除《${title}》这条记录及其结果吗？删除后无法恢复。`);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.calls(DELETE)).toBe(0);
    expect(shownTotal()).toBe(before);

    await user.click(deleteButton(row));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(shownTotal()).toBe(before - 1));
    expect(requests.calls(DELETE)).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    requests.stop();
  });

  it('offers no delete while a task is queued or running (the server refuses it)', async () => {
    await signIn();
    renderApp('/aigccheck/list');
    await screen.findByRole('table');
    const underWay = (row: HTMLElement) => /排队中|处理中/.test(row.textContent ?? '');
    expect(rows().some(underWay)).toBe(true);
    expect(rows().some((row) => !underWay(row))).toBe(true);
    for (const row of rows()) {
      expect(deleteButton(row).hasAttribute('disabled')).toBe(underWay(row));
    }
  });
});
