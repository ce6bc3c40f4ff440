import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { topUp } from '@/test/charges';
import { renderApp, signIn } from '@/test/render-app';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { SLIDE_TEMPLATES } from '@common/slides/templates';

const server = setupMockServer();

type Deck = { id: string; title: string; status: string; slides: { title: string }[] };

async function draftDeck(token: string): Promise<Deck> {
  const { body } = await callMock<Deck>('/api/base/ai_ppt_info_api/save_or_update', {
    token,
    body: { title: '中文文本相似度研究答辩', templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, source: 'topic', topic: '研究背景与方法' },
  });
  return body.result;
}

describe('AI PPT screens', () => {
  it('offers every template with its preview drawn from the template', async () => {
    await signIn();
    renderApp('/aippt/ppt');
    const picker = await screen.findByRole('radiogroup', { name: '选择模板' });
    for (const template of SLIDE_TEMPLATES) expect(within(picker).getByRole('radio', { name: template.name })).toBeInTheDocument();
    expect(picker.querySelector('img')?.getAttribute('src')).toBe('/ppt-templates/tpl-academic-blue.svg');
    // The scenes come from the configuration.
    expect(await screen.findByRole('option', { name: '开题报告' })).toBeInTheDocument();
  });

  it('drafts a deck from an uploaded paper and opens the outline editor, labelled offline', async () => {
    await signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/aippt/ppt');
    await user.click(await screen.findByRole('radio', { name: '墨韵青' }));
    await user.upload(screen.getByLabelText('选择论文文件'), new File(['第一章 绪论\n文本相似度。'], '我的论文.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: '生成大纲' }));
    expect(await screen.findByRole('heading', { name: '确认提交', level: 1 })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.staticData.meta?.name).toBe('aippttype');
    expect(await screen.findByTestId('offline-label')).toHaveTextContent('离线提取的大纲');
    expect((screen.getByLabelText('PPT 标题') as HTMLInputElement).value.length).toBeGreaterThan(0);
    expect((await screen.findAllByTestId('slide-thumb')).length).toBeGreaterThanOrEqual(7);
  });

  it('drafts a deck from one of the user’s finished 查重 records', async () => {
    const token = await signIn();
    const sent: Array<{ checkId?: string; source: string; title: string }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/ai_ppt_info_api/save_or_update')) sent.push(await request.clone().json());
    });
    const { body } = await callMock<{ records: { id: string; title: string }[] }>('/api/base/check_api/query_list?pageNo=1&pageSize=50', { token, body: { status: 'done' } });
    const check = body.result.records[0];
    const user = userEvent.setup();
    renderApp('/aippt/ppt');
    await user.click(await screen.findByText('从查重记录选'));
    await within(screen.getByLabelText('查重记录')).findAllByRole('option', { name: check.title });
    fireEvent.change(screen.getByLabelText('查重记录'), { target: { value: check.id } });
    await user.click(screen.getByRole('button', { name: '生成大纲' }));
    expect(await screen.findByRole('heading', { name: '确认提交', level: 1 })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ source: 'paper', checkId: check.id, title: check.title });
    server.events.removeAllListeners();
  });

  it('drafts a deck from one of the user’s finished papers (论文写作)', async () => {
    const token = await signIn();
    const sent: Array<{ paperId?: string; source: string; title: string }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/ai_ppt_info_api/save_or_update')) sent.push(await request.clone().json());
    });
    const { body } = await callMock<{ records: { id: string; title: string }[] }>('/api/base/ai_paper_info_api/query_list?pageNo=1&pageSize=50', { token, body: { status: 'done' } });
    const paper = body.result.records[0];
    expect(paper).toBeDefined();
    const user = userEvent.setup();
    renderApp('/aippt/ppt');
    await user.click(await screen.findByText('从论文写作选'));
    await within(screen.getByLabelText('论文写作记录')).findAllByRole('option', { name: paper.title });
    fireEvent.change(screen.getByLabelText('论文写作记录'), { target: { value: paper.id } });
    await user.click(screen.getByRole('button', { name: '生成大纲' }));
    expect(await screen.findByRole('heading', { name: '确认提交', level: 1 })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ source: 'paper', paperId: paper.id, title: paper.title });
    server.events.removeAllListeners();
  });

  it('asks for a topic before the model writes the outline', async () => {
    await signIn();
    const user = userEvent.setup();
    renderApp('/aippt/ppt');
    await user.click(await screen.findByText('输入主题'));
    await user.type(screen.getByPlaceholderText('如：基于深度学习的中文文本相似度研究'), '毕业答辩');
    await user.click(screen.getByRole('button', { name: '生成大纲' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请填写主题与要求');
  });

  it('edits the outline: text, reorder, layout, add and remove, each autosaved', async () => {
    const token = await signIn();
    const deck = await draftDeck(token);
    const saved: Array<{ slides: { title: string; layout: string }[]; templateId: string }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/ai_ppt_info_api/save_or_update')) saved.push(await request.clone().json());
    });
    const user = userEvent.setup();
    renderApp(`/aippt/ppttype/${deck.id}`);
    await screen.findByRole('button', { name: `第 1 页：${deck.slides[0].title}` });

    // Edit the second slide's title.
    await user.click(screen.getByRole('button', { name: `第 2 页：${deck.slides[1].title}` }));
    fireEvent.change(screen.getByLabelText('幻灯片标题'), { target: { value: '汇报提纲' } });
    await waitFor(() => expect(saved.at(-1)?.slides[1].title).toBe('汇报提纲'), { timeout: 3000 });
    expect(await screen.findByTestId('save-state')).toHaveTextContent('已自动保存');

    // Move it down, change its layout, switch the template.
    await user.click(screen.getByRole('button', { name: '下移第 2 页' }));
    await waitFor(() => expect(saved.at(-1)?.slides[2].title).toBe('汇报提纲'), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('版式'), { target: { value: 'two-column' } });
    await waitFor(() => expect(saved.at(-1)?.slides[2].layout).toBe('two-column'), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('切换模板'), { target: { value: 'tpl-palace-red' } });
    await waitFor(() => expect(saved.at(-1)?.templateId).toBe('tpl-palace-red'), { timeout: 3000 });

    // Add a table slide after it, then remove the first slide.
    const count = deck.slides.length;
    fireEvent.change(screen.getByLabelText('新幻灯片的版式'), { target: { value: 'table' } });
    await user.click(screen.getByRole('button', { name: '添加幻灯片' }));
    await waitFor(() => expect(saved.at(-1)?.slides).toHaveLength(count + 1), { timeout: 3000 });
    expect(saved.at(-1)?.slides[3].layout).toBe('table');
    await user.click(screen.getByRole('button', { name: '删除第 1 页' }));
    await waitFor(() => expect(saved.at(-1)?.slides).toHaveLength(count), { timeout: 3000 });
    expect(screen.getAllByTestId('slide-thumb').length).toBeGreaterThanOrEqual(count);
    server.events.removeAllListeners();
  });

  it('submits the deck, shows its progress and downloads the .pptx', async () => {
    const token = await signIn();
    await topUp(token);
    const deck = await draftDeck(token);
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:deck');
    URL.revokeObjectURL = vi.fn();
    renderApp(`/aippt/ppttype/${deck.id}`);
    await user.click(await screen.findByRole('button', { name: '生成 PPT（¥9.90）' }));
    const dialog = await screen.findByTestId('charge-confirm');
    await user.click(await within(dialog).findByRole('button', { name: '确认支付 ¥9.90' }));
    const download = await screen.findByRole('button', { name: '下载 .pptx' }, { timeout: 6000 });
    await user.click(download);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('lists the decks with their progress and a download for the rendered ones', async () => {
    await signIn();
    renderApp('/aippt/list');
    expect(await screen.findByRole('heading', { name: 'PPT记录' })).toBeInTheDocument();
    expect((await screen.findAllByRole('button', { name: /^下载 / })).length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText(/进度$/).length).toBeGreaterThan(0);
  });
});
