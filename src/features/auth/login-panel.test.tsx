import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupMockServer } from '@/test/mock-server';
import { renderApp } from '@/test/render-app';

setupMockServer();

/** The window width the layout reads at start and on resize, as the layout tests set it. */
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => setWidth(1024));

const precedes = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('login overlay ordering', () => {
  it('from 992 px shows the QR code first and the password form beside it', async () => {
    setWidth(992);
    renderApp('/papercheck/check');
    const overlay = await screen.findByRole('dialog');
    const qrTitle = within(overlay).getByText('微信扫码登录');
    expect(precedes(qrTitle, within(overlay).getByRole('form', { name: '账号密码登录' }))).toBe(true);
    expect(await within(overlay).findByAltText('微信扫码登录二维码')).toBeInTheDocument();
    expect(within(overlay).queryByRole('button', { name: '显示二维码' })).not.toBeInTheDocument();
  });

  it('below 992 px leads with the password form and sign-up, and keeps the QR code folded beneath', async () => {
    setWidth(375);
    const { user } = renderApp('/papercheck/check');
    const overlay = await screen.findByRole('dialog');
    const form = within(overlay).getByRole('form', { name: '账号密码登录' });
    const qrTitle = within(overlay).getByText('微信扫码登录');
    expect(precedes(form, qrTitle)).toBe(true);
    expect(precedes(await within(overlay).findByRole('button', { name: '注册账号' }), qrTitle)).toBe(true);
    expect(precedes(form, within(overlay).getByText('微信扫码登录首次免费查重'))).toBe(true);
    expect(within(overlay).getByRole('link', { name: '前往用户名密码登录页' })).toBeInTheDocument();
    expect(within(overlay).getByRole('button', { name: '先看看,一会再说' })).toBeInTheDocument();
    expect(within(overlay).queryByAltText('微信扫码登录二维码')).not.toBeInTheDocument();

    const showQr = within(overlay).getByRole('button', { name: '显示二维码' });
    expect(showQr).toHaveAttribute('aria-expanded', 'false');
    await user.click(showQr);
    expect(await within(overlay).findByAltText('微信扫码登录二维码')).toBeInTheDocument();
    expect(within(overlay).getByRole('button', { name: '收起二维码' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('below 992 px the /login page leads with the form too', async () => {
    setWidth(375);
    renderApp('/login');
    const form = await screen.findByRole('form', { name: '账号密码登录' });
    expect(precedes(form, screen.getByText('微信扫码登录'))).toBe(true);
    expect(screen.queryByAltText('微信扫码登录二维码')).not.toBeInTheDocument();
  });
});
