import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app';
import { createQueryClient } from '@/query-client';
import { recordRequests } from '@/test/request-log';
import { QrPanel } from './qr-panel';
import { QR_IMAGE_OPTIONS, qrImageUrl } from '@/lib/qr-image';
import { QR_POLL_INTERVAL_MS } from './use-qr-login';
import { setupMockServer } from '@/test/mock-server';

const server = setupMockServer();

const QR = '/api/base/login_api/f/login_qr_code';
const CHECK = '/api/base/login_api/f/val_login_qr_code';

function renderPanel(active = true, onToken = vi.fn()) {
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <QrPanel active={active} onToken={onToken} />
    </AppProviders>,
  );
  return { ...view, onToken };
}

/** The code is on screen, so its polling interval is running. */
const codeShown = () => screen.findByAltText('微信扫码登录二维码');

const tick = (ms = QR_POLL_INTERVAL_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe('QR polling', () => {
  let log: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    log = recordRequests();
  });
  afterEach(() => {
    log.stop();
    vi.useRealTimers();
  });

  it('fetches a code when open and checks it every 3000 ms', async () => {
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick(QR_POLL_INTERVAL_MS - 1);
    expect(log.calls(CHECK)).toBe(0);
    await tick(1);
    await waitFor(() => expect(log.calls(CHECK)).toBe(1));
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(2));
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(3));
  });

  it('sends the QR id as the query parameter', async () => {
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(1));
    expect(log.last(CHECK)?.searchParams.get('query')).toMatch(/^[A-Z0-9]{26}$/);
  });

  it('never starts a check while the previous one is still out', async () => {
    const gate = deferred();
    server.use(
      http.post(`*${CHECK}`, async () => {
        await gate.done;
        return HttpResponse.json({ success: true, result: null });
      }),
    );
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(1));
    await tick(4 * QR_POLL_INTERVAL_MS);
    expect(log.calls(CHECK)).toBe(1);
    gate.release();
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(2));
  });

  it('does nothing while closed', async () => {
    renderPanel(false);
    await tick(4 * QR_POLL_INTERVAL_MS);
    expect(log.calls(QR)).toBe(0);
    expect(log.calls(CHECK)).toBe(0);
  });

  it('does not poll when the QR fetch failed, and says nothing about it', async () => {
    server.use(http.post(`*${QR}`, () => HttpResponse.json({ success: false, error: { code: 'X', message: '服务繁忙' } }, { status: 500 })));
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await tick(3 * QR_POLL_INTERVAL_MS);
    expect(log.calls(CHECK)).toBe(0);
    expect(screen.queryByText('服务繁忙')).not.toBeInTheDocument();
  });

  it('keeps polling after a failed check', async () => {
    let failures = 1;
    server.use(
      http.post(`*${CHECK}`, () =>
        failures-- > 0 ? HttpResponse.json({ success: false, error: { code: 'X', message: '失败' } }, { status: 500 }) : HttpResponse.json({ success: true, result: null }),
      ),
    );
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(1));
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(2));
  });

  it('marks an expired code (410) and clears the mark with the new code', async () => {
    server.use(http.post(`*${CHECK}`, () => HttpResponse.json({ success: false, error: { code: 'QR_EXPIRED', message: '二维码已过期' } }, { status: 410 })));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderPanel();
    await codeShown();
    expect(screen.queryByText('二维码已失效')).not.toBeInTheDocument();
    await tick();
    expect(await screen.findByText('二维码已失效')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(log.calls(QR)).toBe(2));
    await waitFor(() => expect(screen.queryByText('二维码已失效')).not.toBeInTheDocument());
  });

  it('hands over a truthy result once and stops polling', async () => {
    server.use(http.post(`*${CHECK}`, () => HttpResponse.json({ success: true, result: 'mya_token_from_qr_login_0001' })));
    const { onToken } = renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick();
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('mya_token_from_qr_login_0001'));
    await tick(3 * QR_POLL_INTERVAL_MS);
    expect(log.calls(CHECK)).toBe(1);
    expect(onToken).toHaveBeenCalledTimes(1);
  });

  it('gets a new code when the image or the refresh control is clicked, and polls the new id', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderPanel();
    await waitFor(() => expect(log.calls(QR)).toBe(1));
    await codeShown();
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(1));
    const firstId = log.last(CHECK)?.searchParams.get('query');
    await user.click(screen.getByRole('button', { name: '二维码，点击刷新' }));
    await waitFor(() => expect(log.calls(QR)).toBe(2));
    await user.click(screen.getByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(log.calls(QR)).toBe(3));
    await tick();
    await waitFor(() => expect(log.calls(CHECK)).toBe(2));
    expect(log.last(CHECK)?.searchParams.get('query')).not.toBe(firstId);
  });

  it('logs in through the mocked phone confirmation', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { onToken } = renderPanel();
    await user.click(await screen.findByRole('button', { name: '模拟扫码' }));
    await screen.findByText('已确认，等待登录…');
    await tick();
    await waitFor(() => expect(onToken).toHaveBeenCalledWith(expect.stringMatching(/^mya_/)));
  });
});

describe('QR image', () => {
  it('renders with error correction L, margin 2 and width 300', async () => {
    const text = 'http://127.0.0.1:8080/m/qr/q7Vb2Lx9Nf4Tz1Wc8Rk3Jm6Yp0Hs5Dg2Ae7Ku4Qo9Xi';
    const svg = decodeURIComponent((await qrImageUrl(text)).split(',')[1]);
    const modules = QRCode.create(text, { errorCorrectionLevel: 'L' }).modules.size;
    expect(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size).toBeGreaterThan(modules);
    expect(svg).toContain(`viewBox="0 0 ${modules + 2 * 2} ${modules + 2 * 2}"`);
    expect(svg).toContain('width="300"');
    expect(QR_IMAGE_OPTIONS).toEqual({ errorCorrectionLevel: 'L', margin: 2, width: 300 });
  });
});

describe('WeChat sign-in configured', () => {
  it('embeds WeChat’s QR page instead of drawing a code, and still collects the token by the poll', async () => {
    const wechatPage = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&scope=snsapi_login&state=s#wechat_redirect';
    server.use(
      http.post(`*${QR}`, () =>
        HttpResponse.json({ success: true, result: { id: 'q1', qrCode: wechatPage, expiresAt: '2099-01-01T00:00:00Z', provider: 'wechat' } }),
      ),
      http.post(`*${CHECK}`, () => HttpResponse.json({ success: true, result: 'token-from-wechat' })),
    );
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { onToken } = renderPanel();
      const frame = await screen.findByTitle('微信扫码登录');
      expect(frame.getAttribute('src')).toBe(wechatPage);
      expect(screen.queryByAltText('微信扫码登录二维码')).toBeNull();
      await tick();
      await waitFor(() => expect(onToken).toHaveBeenCalledWith('token-from-wechat'));
    } finally {
      vi.useRealTimers();
    }
  });
});
