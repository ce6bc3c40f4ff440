import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import { renderApp, signIn } from '@/test/render-app';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { setMockLibrarySize } from '../../../mocks/overrides/check';
import { MOCK_PARAGRAPHS } from '../../../mocks/sample-text';

const server = setupMockServer();

const TEXT = MOCK_PARAGRAPHS.join('\n');

async function draft(token: string, title: string, content = TEXT): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('author', '王五');
  form.append('content', content);
  return (await callMock<{ id: string }>('/api/base/check_api/check_init', { token, body: form })).body.result.id;
}

function submitted() {
  const bodies: Array<Record<string, unknown>> = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.url.includes('/check_api/check_submit')) bodies.push((await request.clone().json()) as Record<string, unknown>);
  });
  return bodies;
}

describe('check submission confirmation', () => {
  it('shows the paper, price, balance and free check, and submits with the chosen options', async () => {
    const token = await signIn();
    const id = await draft(token, '待确认的论文');
    const bodies = submitted();
    const { user, router } = renderApp(`/paper/submit/${id}`);
    expect(await screen.findByText('待确认的论文')).toBeInTheDocument();
    for (const text of ['王五', '粘贴正文', `${countChars(TEXT)} 字`, '可用，本次免费']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    // The price, and with the free check nothing charged and the balance unchanged (¥0.00 now and after).
    const summary = within(screen.getByTestId('charge-summary'));
    expect(summary.getByText('用途').nextElementSibling).toHaveTextContent('论文查重：待确认的论文（首次免费）');
    expect(summary.getByText('本次扣费').nextElementSibling).toHaveTextContent('¥0.00（使用首次免费查重）');
    expect(summary.getByText('计价').nextElementSibling).toHaveTextContent('最低 ¥3.00');
    expect(summary.getByText('支付后余额').nextElementSibling).toHaveTextContent('¥0.00');
    const excludeSelf = screen.getByRole('checkbox', { name: /不与本人此前提交的论文比对/ });
    const addToLibrary = screen.getByRole('checkbox', { name: /检测后把本文加入比对库/ });
    expect(excludeSelf).toBeChecked();
    expect(addToLibrary).not.toBeChecked();
    await user.click(screen.getByText('检测后把本文加入比对库'));
    await user.click(screen.getByText('不与本人此前提交的论文比对'));
    await user.click(screen.getByRole('button', { name: '确认，免费提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paper/report'));
    expect(bodies).toEqual([{ id, addToLibrary: true, excludeSelf: false }]);
    const table = await screen.findByRole('table');
    const row = within(table).getByText('待确认的论文').closest('tr') as HTMLElement;
    expect(within(row).getByText(/排队中|处理中/)).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('warns nothing when the library is large and the paper Chinese', async () => {
    const token = await signIn();
    const id = await draft(token, '中文论文');
    renderApp(`/paper/submit/${id}`);
    expect(await screen.findByRole('button', { name: '确认，免费提交' })).toBeEnabled();
    expect(screen.queryByLabelText('提交前请留意')).not.toBeInTheDocument();
  });

  it('warns calmly before the pay button when the library is empty, and still lets the user submit', async () => {
    setMockLibrarySize(0);
    const token = await signIn();
    const id = await draft(token, '空库时提交');
    renderApp(`/paper/submit/${id}`);
    const warnings = await screen.findByLabelText('提交前请留意');
    expect(within(warnings).getByText('比对库还是空的')).toBeInTheDocument();
    expect(within(warnings).getByText(/检测结果将是 0%，并不说明论文没有重复/)).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: '确认，免费提交' });
    expect(pay).toBeEnabled();
    expect(warnings.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says how small a small library is, and that an English paper finds little in a Chinese library', async () => {
    setMockLibrarySize(120, 1_500_000);
    const token = await signIn();
    const english = 'Text similarity detection compares a paper with a reference library. It finds copied passages.';
    const id = await draft(token, 'An English paper', english);
    renderApp(`/paper/submit/${id}`);
    const warnings = await screen.findByLabelText('提交前请留意');
    expect(Array.from(warnings.querySelectorAll('[data-warning]'), (node) => node.getAttribute('data-warning'))).toEqual([
      'library_small',
      'little_chinese',
    ]);
    expect(within(warnings).getByText('比对库收录的文献较少')).toBeInTheDocument();
    expect(within(warnings).getByText(/只收录 120 篇文献（1,500,000 字）/)).toBeInTheDocument();
    expect(within(warnings).getByText('正文中文较少')).toBeInTheDocument();
    expect(within(warnings).getByText(/本系统比对库以中文文献为主，英文内容的检测结果可能偏低/)).toBeInTheDocument();
  });

  it('asks for a top-up when the balance cannot pay and the free check is used', async () => {
    const token = await signIn();
    const first = await draft(token, '第一篇');
    await fetch(`${window.location.origin}/api/base/check_api/check_submit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: first }),
    });
    const id = await draft(token, '第二篇');
    renderApp(`/paper/submit/${id}`);
    expect(await screen.findByText('余额不足，请先充值')).toBeInTheDocument();
    expect(await screen.findByText('已使用')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/order/recharge');
    expect(screen.getByRole('button', { name: '确认支付 ¥3.00' })).toBeDisabled();
  });

  it('shows a submitted check’s state instead of a second payment', async () => {
    const token = await signIn();
    const id = await draft(token, '已经提交');
    await fetch(`${window.location.origin}/api/base/check_api/check_submit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    renderApp(`/paper/submit/${id}`);
    expect(await screen.findByText('《已经提交》已提交查重')).toBeInTheDocument();
    expect(screen.getByText('首次免费查重')).toBeInTheDocument();
    expect(screen.getByText('总文字复制比').nextElementSibling).toHaveTextContent('—');
    expect(screen.queryByRole('button', { name: /提交查重|并提交/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看查重记录' })).toHaveAttribute('href', '/paper/report');
  });
});
