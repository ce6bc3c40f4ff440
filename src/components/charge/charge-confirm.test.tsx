import { screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PptDeck } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { topUp, watchCharge } from '@/test/charges';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { setMockOffer } from '../../../mocks/overrides/capabilities';
import { MOCK_PARAGRAPHS } from '../../../mocks/sample-text';

setupMockServer();
afterEach(() => vi.unstubAllGlobals());

const TEXT = MOCK_PARAGRAPHS.join('\n');

// Every paid action of the app asks once before it charges, the same way: the server's quote (amount, what for,
// the balance after) in one dialog, nothing sent to the charging call until 确认支付, and the ledger afterwards
// records exactly the amount and the purpose shown (src/test/charges.ts).
describe('one confirmation before every charge', () => {
  async function paidUser() {
    const token = await signIn();
    await topUp(token);
    return token;
  }

  async function fillPaper(user: ReturnType<typeof renderApp>['user'], label: RegExp | string = /需要.+的正文/) {
    await user.type(await screen.findByLabelText(/论文题目/), '乡村振兴中的数字治理研究');
    await user.click(screen.getByLabelText(label));
    await user.paste(TEXT);
  }

  it.each([
    ['/aimachine/machine', '开始降重', '/api/base/paper_machine_api/machine_submit', '降重：', 'model'],
    ['/airs/rs', '开始润色改写', '/api/base/paper_machine_api/machine_submit', '润色改写：', 'model'],
    ['/nlp/machine', '开始智能降重', '/api/base/machine_api/machine_submit', '智能降重：', 'offline'],
    ['/cnki/cnki', '开始学术库降重', '/api/base/machine_api/machine_cnki_submit', '学术库降重：', 'model'],
  ])('%s: says who rewrites before payment, then asks once, then charges what it showed', async (path, button, submit, purpose, engine) => {
    const token = await paidUser();
    const charge = watchCharge(submit, token);
    const { user, router } = renderApp(path);
    expect(await screen.findByTestId('rewrite-engine')).toHaveAttribute('data-engine', engine);
    await fillPaper(user);
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByTestId('charge-confirm');
    expect((await within(dialog).findByText('处理方式')).nextElementSibling).toHaveTextContent(engine === 'model' ? '大模型改写' : '离线引擎改写');
    // 学术库降重 adds a 查重 first: its price is a sum, so only the characters are shown, no single rate.
    const rate = path === '/cnki/cnki' ? /^\d[\d,]* 字$/ : engine === 'model' ? /每 1 000 字 ¥3\.00/ : /每 1 000 字 ¥1\.50/;
    expect(within(dialog).getByText('计价').nextElementSibling).toHaveTextContent(rate);
    const shown = await charge.confirm(user);
    expect(shown.purpose).toBe(`${purpose}乡村振兴中的数字治理研究`);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/papermachine\/content\//));
  });

  it('润色改写 speaks of polishing, and an instance without a model says the offline engine will do it at its price', async () => {
    setMockOffer({ rewriteEngine: 'offline' });
    const token = await paidUser();
    const charge = watchCharge('/api/base/paper_machine_api/machine_submit', token);
    const { user } = renderApp('/airs/rs');
    expect(await screen.findByTestId('rewrite-engine')).toHaveTextContent('本站未配置大模型：将由离线引擎改写');
    expect(screen.getByLabelText('需要润色的正文')).toBeInTheDocument();
    await fillPaper(user, '需要润色的正文');
    await user.click(screen.getByRole('button', { name: '开始润色改写' }));
    const dialog = await screen.findByTestId('charge-confirm');
    expect((await within(dialog).findByText('处理方式')).nextElementSibling).toHaveTextContent('离线引擎改写');
    await charge.confirm(user);
  });

  it('an uploaded paper is priced before payment too, and cancelling charges nothing', async () => {
    const token = await paidUser();
    const charge = watchCharge('/api/base/paper_machine_api/machine_submit', token);
    // jsdom's FormData and File do not survive Node's fetch; Node's own carry the file's name and bytes.
    vi.stubGlobal('FormData', (await new Response(new URLSearchParams('a=1')).formData()).constructor);
    const { user, container } = renderApp('/aimachine/machine');
    await user.type(await screen.findByLabelText(/论文题目/), '上传的论文');
    await user.click(screen.getByText('上传文件'));
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, new NodeFile([TEXT], '论文.txt', { type: 'text/plain' }) as unknown as File);
    await user.click(screen.getByRole('button', { name: '开始降重' }));
    const dialog = await screen.findByTestId('charge-confirm');
    expect(await within(dialog).findByText('本次扣费')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('charge-confirm')).not.toBeInTheDocument());
    // Asked again for the same paper: the same draft, one payment.
    await user.click(screen.getByRole('button', { name: '开始降重' }));
    await charge.confirm(user);
  });

  it('AIGC检测 from the form, and a draft paid from its report page', async () => {
    const token = await paidUser();
    const charge = watchCharge('/api/base/paper_aigc_api/machine_submit', token);
    const { user, router } = renderApp('/aigccheck/check');
    await fillPaper(user, '需要检测的正文');
    await user.click(screen.getByRole('button', { name: '开始检测' }));
    expect((await charge.confirm(user)).purpose).toBe('AIGC检测：乡村振兴中的数字治理研究');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/aigccheck\/content\//));

    const form = new FormData();
    form.append('title', '草稿');
    form.append('content', TEXT);
    const draft = (await callMock<{ id: string }>('/api/base/paper_aigc_api/machine_init', { token, body: form })).body.result;
    const again = watchCharge('/api/base/paper_aigc_api/machine_submit', token);
    await router.navigate({ to: '/aigccheck/content/$id', params: { id: draft.id } });
    await user.click(await screen.findByRole('button', { name: '开始检测' }));
    expect((await again.confirm(user)).purpose).toBe('AIGC检测：草稿');
  });

  it('降AIGC of a finished detection', async () => {
    const token = await paidUser();
    const charge = watchCharge('/api/base/paper_aigc_api/aigc_machine_submit', token);
    const { user } = renderApp('/aigcdown/machine');
    await screen.findByRole('combobox', { name: '检测结果' });
    expect(screen.getByTestId('lower-engine')).toHaveTextContent('本站由大模型改写');
    await user.click(screen.getByRole('button', { name: '开始降AIGC' }));
    expect((await charge.confirm(user)).purpose).toMatch(/^降AIGC：/);
  });

  it('对改写稿查重 of a finished rewording', async () => {
    const token = await paidUser();
    const charge = watchCharge('/api/base/paper_machine_api/submit_check', token);
    const { user } = renderApp('/papermachine/content/1');
    await user.click(await screen.findByRole('button', { name: '对改写稿查重' }));
    expect((await charge.confirm(user)).purpose).toMatch(/^降重后查重：/);
  });

  it.each([
    { path: '/papergc/gc', call: '/api/base/paper_info_api/paper_xueshu_submit', purpose: '期刊论文写作' },
    { path: '/paperwirte/biye', call: '/api/base/paper_info_api/paper_submit', purpose: '毕业论文写作' },
  ])('a classic paper ($path), priced by its target length', async ({ path, call, purpose }) => {
    const token = await paidUser();
    const charge = watchCharge(call, token);
    const { user, router } = renderApp(path);
    await user.type(await screen.findByLabelText(/论文题目/), '乡村振兴中的数字治理研究');
    await user.type(screen.getByLabelText(/学科专业/), '公共管理');
    await user.click(screen.getByRole('button', { name: '生成论文' }));
    const shown = await charge.confirm(user);
    expect(shown.purpose).toBe(`${purpose}：乡村振兴中的数字治理研究`);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/paperwirte\/wirte\//));
  });

  it('an AI paper: the outline as edited is what is priced and paid; a section again is asked for too', async () => {
    const token = await paidUser();
    const paper = (await callMock<{ id: string }>('/api/base/ai_paper_info_api/generate_paper', { token, body: { title: '数字治理研究', discipline: '公共管理', degree: 'bachelor', length: 8000, keywords: [] } })).body.result;
    const charge = watchCharge('/api/base/ai_paper_info_api/commit_paper', token);
    const { user, router } = renderApp(`/aipaper/outline/${paper.id}`);
    const cost = await screen.findByTestId('outline-cost');
    await user.click(screen.getByRole('button', { name: '确认大纲并开始写作' }));
    const { chargeFen } = await charge.confirm(user);
    expect(cost).toHaveTextContent(`¥${(chargeFen / 100).toFixed(2)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/aipaper/content/${paper.id}`));

    const again = watchCharge('/api/base/ai_paper_info_api/reload', token);
    await router.navigate({ to: '/aipaper/content/$id', params: { id: '1' } });
    const [reload] = await screen.findAllByRole('button', { name: '重新生成（按本节字数计费）' });
    await user.click(reload);
    expect((await again.confirm(user)).purpose).toMatch(/^论文重新生成一节：/);
  });

  it('a slide deck', async () => {
    const token = await paidUser();
    const deck = (await callMock<PptDeck>('/api/base/ai_ppt_info_api/save_or_update', { token, body: { title: '答辩演示', source: 'topic', topic: '数字治理', templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10 } })).body.result;
    const charge = watchCharge('/api/base/ai_ppt_info_api/submit_by_id', token);
    const { user } = renderApp(`/aippt/ppttype/${deck.id}`);
    await user.click(await screen.findByRole('button', { name: /^生成 PPT/ }));
    expect((await charge.confirm(user)).purpose).toBe('AI PPT：答辩演示');
  });

  it('查重 on its confirmation page shows the same summary; the free check reads 已使用 once used', async () => {
    const token = await signIn();
    const draft = async (title: string) => {
      const form = new FormData();
      form.append('title', title);
      form.append('content', TEXT);
      return (await callMock<{ id: string }>('/api/base/check_api/check_init', { token, body: form })).body.result.id;
    };
    const first = await draft('第一篇');
    const { user, router } = renderApp(`/paper/submit/${first}`);
    const summary = await screen.findByTestId('charge-summary');
    expect(within(summary).getByText('本次扣费').nextElementSibling).toHaveTextContent('¥0.00（使用首次免费查重）');
    expect(screen.getByText('可用，本次免费')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确认，免费提交' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paper/report'));

    await topUp(token);
    const second = await draft('第二篇');
    await router.navigate({ to: '/paper/submit/$id', params: { id: second } });
    const paid = await screen.findByTestId('charge-summary');
    expect(await screen.findByText('已使用')).toBeInTheDocument();
    expect(within(paid).getByText('用途').nextElementSibling).toHaveTextContent('论文查重：第二篇');
    expect(within(paid).getByText('支付后余额').nextElementSibling).toHaveTextContent(/¥\d+\.\d\d/);
    await user.click(screen.getByRole('button', { name: /^确认支付 ¥3\.00$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paper/report'));
  });

  it('chat says what an answer costs, and what a stopped one costs, before anything is asked', async () => {
    await signIn();
    renderApp('/gpt');
    const price = await screen.findByTestId('chat-price');
    expect(price).toHaveTextContent('每 1 000 字 ¥0.10');
    expect(price).toHaveTextContent('单次最多 ¥0.80');
    expect(price).toHaveTextContent('停止生成只按已生成的字数计费');
  });
});
