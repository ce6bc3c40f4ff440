import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countChars } from '@common/char-count';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { setupMockServer } from '@/test/mock-server';
import { fail } from '../../../mocks/envelope';
import { MOCK_PARAGRAPHS } from '../../../mocks/sample-text';

const server = setupMockServer();

const PASTED = `${MOCK_PARAGRAPHS[0]}\n${MOCK_PARAGRAPHS[1]} COVID-19 3.14`;

async function openSignedIn() {
  await signIn();
  const view = renderApp('/papercheck/check');
  await screen.findByRole('heading', { name: '论文查重', level: 1 });
  // The form appears once the page's queries have answered, after its heading.
  await screen.findByRole('radio', { name: '粘贴正文' });
  return view;
}

async function dismissOverlay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '先看看,一会再说' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('check page: upload or paste', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts pasted text live by the checkers’ rule, prices it through word_count and notes the free check', async () => {
    const requests = recordRequests();
    const { user } = await openSignedIn();
    expect(await screen.findByText('首次查重免费')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '粘贴正文' }));
    await user.click(screen.getByLabelText('论文正文'));
    await user.paste(PASTED);
    expect(screen.getByTestId('char-count')).toHaveTextContent(`字数：${countChars(PASTED)}`);
    expect(countChars(PASTED)).toBe(Array.from(MOCK_PARAGRAPHS[0] + MOCK_PARAGRAPHS[1]).length + 2);
    await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('价格：¥3.00'));
    expect(requests.calls('/api/base/check_api/word_count')).toBe(1);
    requests.stop();
  });

  it('lists the latest checks under the form, each opening its record', async () => {
    const { user, router } = await openSignedIn();
    const recent = within((await screen.findByText('最近查重')).closest('section') as HTMLElement);
    const links = within(await recent.findByRole('table')).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/paper\/submit\/\w+$/));
    expect(recent.getByRole('link', { name: '全部记录' })).toHaveAttribute('href', '/paper/report');
    await user.click(links[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe(links[0].getAttribute('href')));
    expect(await screen.findByText('总文字复制比')).toBeInTheDocument();
  });

  it('creates the draft from pasted text and opens its confirmation', async () => {
    const { user, router } = await openSignedIn();
    await user.click(screen.getByRole('radio', { name: '粘贴正文' }));
    await user.click(screen.getByLabelText('论文正文'));
    await user.paste(PASTED);
    await user.type(screen.getByLabelText(/论文题目/), '  乡村电商研究 ');
    await user.type(screen.getByLabelText('作者'), '李四');
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/paper\/submit\/\w+$/));
    expect(await screen.findByText('乡村电商研究')).toBeInTheDocument();
    expect(screen.getByText('李四')).toBeInTheDocument();
    expect(screen.getByText(`${countChars(PASTED)} 字`)).toBeInTheDocument();
    expect(screen.getByText('粘贴正文')).toBeInTheDocument();
  });

  it('uploads a .txt file picked from the disk, counting it before upload', async () => {
    // jsdom's FormData and File do not survive Node's fetch; Node's own carry the file's name and bytes.
    const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
    vi.stubGlobal('FormData', NodeFormData);
    const { user, router } = await openSignedIn();
    const file = new NodeFile([PASTED], '终稿.txt', { type: 'text/plain' }) as unknown as File;
    await user.upload(screen.getByLabelText('选择论文文件'), file);
    expect(await screen.findByText('终稿.txt')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('char-count')).toHaveTextContent(`字数：${countChars(PASTED)}`));
    await user.type(screen.getByLabelText(/论文题目/), '上传的论文');
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/paper\/submit\/\w+$/));
    expect(await screen.findByText('上传文件 终稿.txt')).toBeInTheDocument();
  });

  it('takes a .docx dropped on the drop zone and leaves its count to the server', async () => {
    await openSignedIn();
    const file = new File(['PK\u0003\u0004'], '毕业论文.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const item = { kind: 'file', type: file.type, getAsFile: () => file, webkitGetAsEntry: () => ({ isFile: true, isDirectory: false }) };
    const dataTransfer = { files: [file], items: [item], types: ['Files'] };
    fireEvent.dragOver(screen.getByTestId('paper-dropzone'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('paper-dropzone'), { dataTransfer });
    expect(await screen.findByText('毕业论文.docx')).toBeInTheDocument();
    expect(screen.getByTestId('char-count')).toHaveTextContent('字数：上传后统计');
  });

  it('explains what is missing, without calling the server', async () => {
    const requests = recordRequests();
    const { user } = await openSignedIn();
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    expect(await screen.findByText('请输入论文题目')).toBeInTheDocument();
    expect(screen.getByText('请上传论文文件')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '粘贴正文' }));
    await user.type(screen.getByLabelText(/论文题目/), '题目');
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    expect(await screen.findByText('请粘贴论文正文')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('论文正文'), { target: { value: '字'.repeat(300_001) } });
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    expect(await screen.findByText('论文共 300001 字，超过单次检测 300000 字的上限，请删减或分章节检测')).toBeInTheDocument();
    expect(requests.calls('/api/base/check_api/check_init')).toBe(0);
    requests.stop();
  });

  it('refuses other file types and files over 20 MB', async () => {
    await openSignedIn();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('选择论文文件'), new File(['MZ'], '论文.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText('仅支持 .docx、.pdf、.txt 格式的文件')).toBeInTheDocument();
    const big = new File(['x'], '大论文.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('选择论文文件'), big);
    expect(await screen.findByText('文件不能超过 20 MB')).toBeInTheDocument();
    expect(screen.queryByText('大论文.pdf')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the file cannot be read', async () => {
    server.use(
      http.post('*/api/base/check_api/check_init', () =>
        fail(422, 'SCANNED_PDF', '该 PDF 没有可识别的文字（可能是扫描件），请上传含文字层的 PDF 或 Word 文档'),
      ),
    );
    const { user, router } = await openSignedIn();
    await user.upload(screen.getByLabelText('选择论文文件'), new File(['%PDF-1.4'], '扫描件.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByLabelText(/论文题目/), '扫描的论文');
    await user.click(screen.getByRole('button', { name: '下一步：确认提交' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该 PDF 没有可识别的文字（可能是扫描件），请上传含文字层的 PDF 或 Word 文档');
    expect(router.state.location.pathname).toBe('/papercheck/check');
  });

  it('tells a visitor about the free first check and asks for a login instead of submitting', async () => {
    const requests = recordRequests();
    const { user } = renderApp('/papercheck/check');
    await dismissOverlay(user);
    expect(screen.getByText('微信扫码登录首次免费查重')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '粘贴正文' }));
    await user.click(screen.getByLabelText('论文正文'));
    await user.paste(MOCK_PARAGRAPHS[2]);
    expect(screen.getByTestId('char-count')).toHaveTextContent(`字数：${countChars(MOCK_PARAGRAPHS[2])}`);
    expect(screen.getByText('登录后显示价格')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/论文题目/), '题目');
    await user.click(screen.getByRole('button', { name: '登录后提交' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(requests.calls('/api/base/check_api/check_init')).toBe(0);
    expect(requests.calls('/api/base/check_api/word_count')).toBe(0);
    requests.stop();
  });
});
