import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsStore } from '@/stores/settings';
import { renderApp, signIn } from '@/test/render-app';
import { THEME_VAR } from '@/theme/system';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

describe('settings drawer', () => {
  it('starts with the spec defaults and the drawer hidden behind a toggle 250 px from the top', async () => {
    await signIn();
    renderApp('/papercheck/check');
    const toggle = await screen.findByRole('button', { name: '系统设置' });
    expect(toggle).toHaveStyle({ top: '250px' });
    expect(screen.queryByText('系统布局设置')).not.toBeInTheDocument();
    expect(settingsStore.state).toEqual({ theme: '#409EFF', showSettings: true, tagsView: true, fixedHeader: true, sidebarLogo: true });
  });

  it('applies a theme preset and keeps it across reloads', async () => {
    await signIn();
    const { user } = renderApp('/papercheck/check');
    await user.click(await screen.findByRole('button', { name: '系统设置' }));
    const presets = within(await screen.findByRole('radiogroup', { name: '主题色' })).getAllByRole('radio');
    expect(presets.map((preset) => preset.getAttribute('aria-label'))).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d']);
    await user.click(screen.getByRole('radio', { name: '#13c2c2' }));
    await waitFor(() => expect(document.documentElement.style.getPropertyValue(THEME_VAR)).toBe('#13c2c2'));
    settingsStore.actions.reload();
    expect(settingsStore.state.theme).toBe('#13c2c2');
  });

  it('turns the tags view, fixed header and sidebar logo off and remembers it', async () => {
    await signIn();
    const { user } = renderApp('/papercheck/check');
    expect(await screen.findByLabelText('已访问页面')).toBeInTheDocument();
    expect(screen.getByText('墨研 · 让论文写作更从容')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '系统设置' }));
    await user.click(await screen.findByRole('checkbox', { name: '显示标签栏' }));
    await user.click(screen.getByRole('checkbox', { name: '侧边栏 Logo' }));
    await user.click(screen.getByRole('checkbox', { name: '固定头部' }));
    await waitFor(() => expect(screen.queryByLabelText('已访问页面')).not.toBeInTheDocument());
    expect(screen.queryByText('墨研 · 让论文写作更从容')).not.toBeInTheDocument();
    settingsStore.actions.reload();
    expect(settingsStore.state).toMatchObject({ tagsView: false, sidebarLogo: false, fixedHeader: false });
  });

  it('applies a theme only when it is a string', () => {
    settingsStore.actions.change('theme', 0x409eff);
    expect(settingsStore.state.theme).toBe(DEFAULT_SETTINGS.theme);
    settingsStore.actions.change('theme', '#f5222d');
    expect(settingsStore.state.theme).toBe('#f5222d');
    settingsStore.actions.change('tagsView', 'no');
    expect(settingsStore.state.tagsView).toBe(true);
  });
});
