import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { ok } from '../../../../mocks/envelope';

const server = setupMockServer();

async function finishedReport(token: string): Promise<CheckReport> {
  const { body } = await callMock<{ records: Array<{ id: string; status: string }> }>('/api/base/check_api/query_list?pageNo=1&pageSize=20', { token });
  const done = body.result.records.find((record) => record.status === 'done')!;
  return (await callMock<CheckReport>(`/api/base/check_api/report_paragraphs?id=${done.id}`, { token, method: 'GET' })).body.result;
}

/** The account as the confirmation reads it, with this balance. */
async function withBalance(token: string, balanceFen: number) {
  const { body } = await callMock<Record<string, unknown>>('/api/base/account_info_api/account', { token, method: 'GET' });
  server.use(http.get('*/api/base/account_info_api/account', () => ok({ ...body.result, balanceFen })));
}

/** What a request sent as multipart (the init calls). */
async function formOf(request: Request) {
  return Object.fromEntries((await request.clone().formData()).entries());
}

describe('下一步 on the 查重 report', () => {
  it('starts 学术库降重 from this report: nothing pasted, the price and the balance after shown before paying', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    await withBalance(token, 5000);
    const sent: Array<Record<string, unknown>> = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('machine_cnki_init')) void formOf(request).then((form) => sent.push(form));
    });
    const log = recordRequests();
    const { user, router } = renderApp(`/paper/report/${report.id}`);
    const steps = within(await screen.findByRole('region', { name: '下一步' }, { timeout: 20_000 }));
    await user.click(steps.getByRole('button', { name: '按本报告学术库降重' }));

    const confirm = within(await steps.findByRole('group', { name: '确认学术库降重费用' }));
    expect(sent).toEqual([{ title: report.title, checkId: report.id }]);
    expect(log.calls('/api/base/machine_api/machine_cnki_submit')).toBe(0);
    const priceText = confirm.getByText(/^¥/).textContent!;
    const price = Math.round(Number(priceText.slice(1)) * 100);
    expect(confirm.getByText(/不再收查重费/)).toBeInTheDocument();
    expect(await confirm.findByText(`当前余额 ${formatYuan(5000)}，支付后余额 ${formatYuan(5000 - price)}`)).toBeInTheDocument();

    await user.click(confirm.getByRole('button', { name: `确认支付 ${priceText} 并开始` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/papermachine/content/1'));
    expect(log.calls('/api/base/machine_api/machine_cnki_submit')).toBe(1);
    expect(log.calls('/api/base/check_api/check_submit')).toBe(0);
  });

  it('cancelling leaves no draft behind, and a balance too small says so and cannot pay', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    await withBalance(token, 100);
    const log = recordRequests();
    const { user } = renderApp(`/paper/report/${report.id}`);
    const steps = within(await screen.findByRole('region', { name: '下一步' }, { timeout: 20_000 }));
    await user.click(steps.getByRole('button', { name: '按本报告学术库降重' }));
    const confirm = within(await steps.findByRole('group', { name: '确认学术库降重费用' }));
    expect(await confirm.findByText(/余额不足/)).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: /^确认支付/ })).toBeDisabled();
    await user.click(confirm.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(log.calls('/api/base/machine_api/delete')).toBe(1));
    expect(steps.getByRole('button', { name: '按本报告学术库降重' })).toBeInTheDocument();
    expect(log.calls('/api/base/machine_api/machine_cnki_submit')).toBe(0);
  });

  it('starts AIGC检测 of the same text: the detection page shows its price before it is paid', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    const { user, router } = renderApp(`/paper/report/${report.id}`);
    const steps = within(await screen.findByRole('region', { name: '下一步' }, { timeout: 20_000 }));
    await user.click(steps.getByRole('button', { name: '检测本文 AIGC' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/aigccheck\/content\//));
    expect(await screen.findByText(/检测费用 ¥[\d.]+，尚未支付/, {}, { timeout: 20_000 })).toBeInTheDocument();
    // Paying opens the one confirmation (its price and balance after) before anything is charged.
    expect(screen.getByRole('button', { name: '开始检测' })).toBeInTheDocument();
  });
});
