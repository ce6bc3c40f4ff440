import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';

setupMockServer();

/** Every screen that starts a service of this instance, hidden from the sidebar or not. */
const SERVICE_SCREENS = [
  '/papercheck/check',
  '/aigccheck/check',
  '/aimachine/machine',
  '/papermachinesubmit/papermachine',
  '/cnki/cnki',
  '/nlp/machine',
  '/airs/rs',
  '/aiaigc/jc',
  '/aipaper/gc',
  '/paperwirte/gc',
  '/papergc/gc',
  '/aippt/ppt',
  '/gpt',
];

const REWORDING = {
  '/aimachine/machine': '降重',
  '/papermachinesubmit/papermachine': '强力降重',
  '/cnki/cnki': '学术库降重',
  '/nlp/machine': '智能降重',
  '/airs/rs': '润色改写',
};

describe('finding every service', () => {
  it('the home page has a card for each service screen, the hidden ones included', async () => {
    await signIn();
    renderApp('/home');
    const cards = await screen.findAllByRole('heading', { level: 3 }, { timeout: 20_000 });
    const targets = cards.map((heading) => heading.closest('a')?.getAttribute('href'));
    expect([...targets].sort()).toEqual([...SERVICE_SCREENS].sort());
  });

  it('the header leads to the chat from any page', async () => {
    await signIn();
    const { user, router } = renderApp('/papercheck/check');
    const header = await screen.findByRole('banner', {}, { timeout: 20_000 });
    const chat = within(header).getByRole('link', { name: 'AI 对话' });
    expect(chat).toHaveAttribute('href', '/gpt');
    await user.click(chat);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gpt'));
  });

  it.each(Object.keys(REWORDING))('%s offers every rewording mode, its own marked', async (path) => {
    await signIn();
    renderApp(path);
    const modes = await screen.findByRole('navigation', { name: '改写方式' }, { timeout: 20_000 });
    const links = within(modes).getAllByRole('link');
    expect(Object.fromEntries(links.map((link) => [link.getAttribute('href'), link.textContent]))).toEqual(REWORDING);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.getAttribute('href'))).toEqual([path]);
  });

  it('the route search finds the chat and the hidden service pages', async () => {
    await signIn();
    const { user, router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: '搜索页面' }, { timeout: 20_000 }));
    const box = screen.getByRole('textbox', { name: '搜索页面' });
    for (const [query, title] of [
      ['对话', 'AI 对话'],
      ['智能降重', '智能降重'],
      ['AIGC检测', 'AIGC检测 > 提交检测'],
    ]) {
      await user.clear(box);
      await user.type(box, query);
      const options = within(await screen.findByRole('listbox', { name: '搜索结果' })).getAllByRole('option');
      expect(options.map((option) => option.textContent), query).toContainEqual(expect.stringContaining(title));
    }
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/aigccheck/check'));
  });
});
