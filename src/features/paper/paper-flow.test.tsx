import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMockServer } from '@/test/mock-server';
import { topUp } from '@/test/charges';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';

const server = setupMockServer();

describe('paper writing screens', () => {
  it('form -> outline edited -> committed -> sections appear as written -> one edited -> download', async () => {
    await topUp(await signIn());
    const requests = recordRequests();
    const { user } = renderApp('/aipaper/gc');
    expect(await screen.findByTestId('no-invented-references')).toHaveTextContent('系统绝不编造文献');
    await user.type(screen.getByPlaceholderText(/基于深度学习的中文文本相似度研究/), '基于深度学习的中文文本相似度研究');
    await user.type(screen.getByPlaceholderText('如：计算机科学与技术'), '计算机科学与技术');
    await user.type(screen.getByRole('textbox', { name: '参考文献' }), '[1] 王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.');
    await user.click(screen.getByRole('button', { name: '生成大纲（不扣费）' }));
    await waitFor(() => expect(requests.calls('/api/base/ai_paper_info_api/generate_paper')).toBe(1));

    // The outline page: rename a chapter, add a section, move a chapter down.
    const title = await screen.findByRole('textbox', { name: '第1章标题' });
    await user.clear(title);
    await user.type(title, '引言');
    const chapters = screen.getAllByTestId('outline-chapter');
    await user.click(within(chapters[1]).getByRole('button', { name: '添加一节' }));
    expect(await screen.findByRole('textbox', { name: '2.3 标题' })).toHaveValue('新的一节');
    await user.click(screen.getByRole('button', { name: '下移第1章' }));
    expect(screen.getByRole('textbox', { name: '第2章标题' })).toHaveValue('引言');
    await user.click(screen.getByRole('button', { name: '确认大纲并开始写作' }));
    expect(requests.calls('/api/base/ai_paper_info_api/commit_paper')).toBe(0);
    await user.click(await within(await screen.findByTestId('charge-confirm')).findByRole('button', { name: /^确认支付 ¥/ }));
    await waitFor(() => expect(requests.calls('/api/base/ai_paper_info_api/commit_paper')).toBe(1));

    // The content page, in the edited outline's order: sections turn done one after another while it polls.
    await screen.findAllByTestId('paper-section');
    const headings = screen.getAllByTestId('paper-section').map((s) => s.querySelector('p')?.textContent);
    expect(headings.indexOf('第2章 引言')).toBeGreaterThan(headings.indexOf('1.3 新的一节'));
    await waitFor(() => expect(screen.getAllByTestId('paper-section').some((s) => s.dataset.status === 'done' && s.textContent?.includes('[1]'))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: '下载 Word' })).toBeEnabled(), { timeout: 15000 });
    expect(screen.getAllByTestId('reference')[0]).toHaveTextContent('[1] 王明, 李华');

    const section = screen.getAllByTestId('paper-section').find((s) => within(s).queryByRole('button', { name: '编辑' }))!;
    await user.click(within(section).getByRole('button', { name: '编辑' }));
    const editor = within(section).getByRole('textbox');
    await user.clear(editor);
    await user.type(editor, '我自己改写的一段。');
    await user.click(within(section).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(requests.calls('/api/base/ai_paper_info_api/update_content')).toBe(1));
    expect(await screen.findByText('我自己改写的一段。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下载 Word' }));
    await waitFor(() => expect(requests.calls('/api/base/ai_paper_info_api/download')).toBe(1));
    expect(screen.getByRole('button', { name: '用全文提交查重' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '用全文提交 AIGC 检测' }));
    await waitFor(() => expect(requests.calls('/api/base/paper_aigc_api/machine_init')).toBe(1));
  }, 30_000);

  it("states today's free outlines beside the form, and says so under it when they are used up", async () => {
    await signIn();
    const { user } = renderApp('/aipaper/gc');
    expect(await screen.findByTestId('free-uses-outline', {}, { timeout: 10_000 })).toHaveTextContent('今日免费 10 次，剩余 9 次');
    const message = '今日免费AI 生成论文大纲次数已用完（每个账号每天 10 次），请明天再试';
    server.use(
      http.post('*/api/base/ai_paper_info_api/generate_paper', () =>
        HttpResponse.json({ success: false, error: { code: 'FREE_USES_EXHAUSTED', message, details: { action: 'outline', perDay: 10, retryAfterSeconds: 3600 } } }, { status: 429 }),
      ),
      http.get('*/api/base/account_info_api/free_uses', () =>
        HttpResponse.json({
          success: true,
          result: {
            day: '2026-05-01',
            uses: {
              reduction: { perDay: 20, used: 0, remaining: 20 },
              outline: { perDay: 10, used: 10, remaining: 0 },
              pptDraft: { perDay: 10, used: 0, remaining: 10 },
              reload: { perDay: 30, used: 0, remaining: 30 },
            },
          },
        }),
      ),
    );
    await user.type(screen.getByPlaceholderText(/基于深度学习的中文文本相似度研究/), '基于深度学习的中文文本相似度研究');
    await user.type(screen.getByPlaceholderText('如：计算机科学与技术'), '计算机科学与技术');
    await user.click(screen.getByRole('button', { name: '生成大纲（不扣费）' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByTestId('free-uses-outline')).toHaveTextContent('今日免费 10 次已用完，明天再来'));
  });

  it('says what is missing before sending the form', async () => {
    await signIn();
    const requests = recordRequests();
    const { user } = renderApp('/paperwirte/gc');
    await user.click(await screen.findByRole('button', { name: '生成论文' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写论文题目');
    expect(requests.calls('/api/base/paper_info_api/paper_submit')).toBe(0);
    expect(screen.getByTestId('no-invented-references')).toBeInTheDocument();
  });
});
