import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '@/api/gen/model';
import { formatRatio, formatYuan } from '@/lib/number';
import { callMock } from '@/test/call-mock';
import { ledgerOf, topUp, watchCharge } from '@/test/charges';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';

setupMockServer();

/** A finished mocked check with a red sentence, and the paragraph holding it. */
async function checkWithRed(token: string) {
  const { body } = await callMock<{ records: Array<{ id: string; status: string }> }>('/api/base/check_api/query_list?pageNo=1&pageSize=20', { token });
  for (const record of body.result.records.filter((r) => r.status === 'done')) {
    const report = (await callMock<CheckReport>(`/api/base/check_api/report_paragraphs?id=${record.id}`, { token, method: 'GET' })).body.result;
    const paragraph = report.paragraphs.find((p) => p.sentences.some((s) => s.mark === 'red'));
    if (paragraph) return { report, paragraph };
  }
  throw new Error('no finished mocked check with a red sentence');
}

describe('改写工作台', () => {
  it('re-checks a paragraph after typing stops: the rewritten sentence loses its mark, the estimate falls; undo brings it back', async () => {
    const token = await signIn();
    const { report, paragraph } = await checkWithRed(token);
    renderApp(`/papercheck/workbench/${report.id}`);
    expect(await screen.findByRole('heading', { name: '改写工作台', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('estimated-ratio')).toHaveTextContent(formatRatio(report.figures.totalRatio));
    expect(screen.getByText('估算', { selector: 'span' })).toBeInTheDocument();

    const marked = screen.getByTestId(`marked-${paragraph.index}`);
    const red = paragraph.sentences.filter((s) => s.mark === 'red');
    expect(marked.querySelectorAll('[data-mark="red"]')).toHaveLength(red.length);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `修改第 ${paragraph.index + 1} 段` }));
    const box = screen.getByLabelText(`第 ${paragraph.index + 1} 段的文字`);
    const chars = Array.from(paragraph.text);
    const first = red[0];
    const text = `${chars.slice(0, first.start).join('')}这一句由学生用自己的话写过。${chars.slice(first.end).join('')}`;
    await user.clear(box);
    await user.paste(text);
    await waitFor(() => expect(screen.getByTestId(`paragraph-${paragraph.index}`)).not.toHaveAttribute('data-pending'), { timeout: 5000 });
    await waitFor(() => expect(marked.querySelectorAll('[data-mark="red"]')).toHaveLength(red.length - 1));
    const estimate = Number(screen.getByTestId('estimated-ratio').textContent!.replace('%', ''));
    expect(estimate).toBeLessThan(report.figures.totalRatio * 100);
    expect(screen.getByTestId('saved-at')).toHaveTextContent('第 1 版');

    await user.click(within(screen.getByRole('toolbar', { name: '工作台操作' })).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(screen.getByTestId('estimated-ratio')).toHaveTextContent(formatRatio(report.figures.totalRatio)));
    expect(screen.getByTestId(`marked-${paragraph.index}`).querySelectorAll('[data-mark="red"]')).toHaveLength(red.length);
  }, 60_000);

  it('重新查重 asks as every charge does: the quoted amount, what for and the balance after, nothing sent before 确认支付', async () => {
    const token = await signIn();
    await topUp(token);
    const { report, paragraph } = await checkWithRed(token);
    const edited = await callMock('/api/base/check_api/workbench_recheck', { token, body: { id: report.id, index: paragraph.index, text: '这一段由学生用自己的话重新写过。' } });
    expect(edited.status).toBe(200);
    const charge = watchCharge('/api/base/check_api/workbench_submit_check', token);
    const { user, router } = renderApp(`/papercheck/workbench/${report.id}`);
    await user.click(await screen.findByRole('button', { name: '重新查重' }));
    const dialog = await screen.findByTestId('charge-confirm');
    expect(within(dialog).getByText('确认支付：修改后重新查重')).toBeVisible();
    const summary = await within(dialog).findByTestId('charge-summary');
    expect(within(dialog).getByRole('button', { name: `确认支付 ${formatYuan(Number(summary.dataset.chargeFen))}` })).toBeEnabled();
    expect(within(dialog).getByText(/新报告会与之对照并链接回本工作台/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('charge-confirm')).not.toBeInTheDocument());
    const before = (await ledgerOf(token)).length;
    await user.click(screen.getByRole('button', { name: '重新查重' }));
    const shown = await charge.confirm(user);
    expect(shown.purpose).toBe(`改写工作台修改后查重：${report.title}`);
    expect((await ledgerOf(token)).length).toBe(before + 1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/paper/report'));
  }, 60_000);

  it('a price that moved after it was shown is refused in the dialog, nothing charged, and the new price is shown to confirm', async () => {
    const token = await signIn();
    await topUp(token);
    const { report, paragraph } = await checkWithRed(token);
    const rewrite = (text: string) => callMock('/api/base/check_api/workbench_recheck', { token, body: { id: report.id, index: paragraph.index, text } });
    await rewrite('这一段由学生用自己的话重新写过。');
    const { user } = renderApp(`/papercheck/workbench/${report.id}`);
    await user.click(await screen.findByRole('button', { name: '重新查重' }));
    const dialog = await screen.findByTestId('charge-confirm');
    const shownFen = Number((await within(dialog).findByTestId('charge-summary')).dataset.chargeFen);
    // Meanwhile (another tab) the paragraph grew by some 5 000 characters: the new check costs more.
    await rewrite('这一段由学生用自己的话重新写过，并补充了访谈的细节。'.repeat(190));
    const before = await ledgerOf(token);
    await user.click(within(dialog).getByRole('button', { name: `确认支付 ${formatYuan(shownFen)}` }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^价格已变为 \d+\.\d\d 元，请确认后再提交$/);
    await waitFor(() => expect(Number(within(dialog).getByTestId('charge-summary').dataset.chargeFen)).toBeGreaterThan(shownFen));
    expect(await ledgerOf(token)).toEqual(before);
    const newFen = Number(within(dialog).getByTestId('charge-summary').dataset.chargeFen);
    await user.click(within(dialog).getByRole('button', { name: `确认支付 ${formatYuan(newFen)}` }));
    await waitFor(async () => expect((await ledgerOf(token))[0]).toMatchObject({ kind: 'charge', amountFen: -newFen }));
  }, 60_000);

  it('用大模型换个说法 asks as every charge does: the quoted amount, what for, the refund promise; nothing sent before 确认支付, 取消 charges nothing', async () => {
    const token = await signIn();
    await topUp(token);
    const { report, paragraph } = await checkWithRed(token);
    const charge = watchCharge('/api/base/check_api/workbench_suggest_model', token);
    const { user } = renderApp(`/papercheck/workbench/${report.id}`);
    const marked = await screen.findByTestId(`marked-${paragraph.index}`);
    await user.click(marked.querySelector('[data-mark="red"]')!);
    await user.click(await screen.findByRole('button', { name: '换个说法（免费）' }));
    const offer = await screen.findByRole('button', { name: /^用大模型换个说法/ });

    await user.click(offer);
    const dialog = await screen.findByTestId('charge-confirm');
    expect(within(dialog).getByText('确认支付：大模型换个说法')).toBeVisible();
    const summary = await within(dialog).findByTestId('charge-summary');
    expect(within(dialog).getByRole('button', { name: `确认支付 ${formatYuan(Number(summary.dataset.chargeFen))}` })).toBeEnabled();
    expect(within(dialog).getByText(/自动退回余额/)).toBeVisible();
    const before = await ledgerOf(token);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('charge-confirm')).not.toBeInTheDocument());
    expect(await ledgerOf(token)).toEqual(before);
    expect(screen.queryByText('大模型 · 已扣费')).not.toBeInTheDocument();

    await user.click(offer);
    const shown = await charge.confirm(user);
    expect(shown.purpose).toBe(`改写工作台·大模型换个说法：${report.title}`);
    expect(shown.chargeFen).toBeGreaterThan(0);
    expect(await screen.findByText('大模型 · 已扣费')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('charge-confirm')).not.toBeInTheDocument());
  }, 60_000);
});
