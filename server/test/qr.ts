import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { body } from './app';

const BASE = '/api/base/login_api/f';

export interface QrSessionView {
  id: string;
  qrCode: string;
  expiresAt: string;
}

/** The desktop browser that asked for a code: its device cookie and address, and its poll. */
export interface DesktopQr {
  session: QrSessionView;
  address: string;
  deviceCookie: string;
  poll(): Promise<LightMyRequestResponse>;
}

let desktops = 0;

/** A desktop browser opens the QR login: a fresh address and the device cookie the server sets. */
export async function desktopQr(
  app: FastifyInstance,
  options: { address?: string; deviceCookie?: string } = {},
): Promise<DesktopQr> {
  const address = options.address ?? `192.0.2.${(++desktops % 250) + 1}`;
  const created = await app.inject({
    method: 'POST',
    url: `${BASE}/login_qr_code`,
    remoteAddress: address,
    cookies: options.deviceCookie ? { moyan_device: options.deviceCookie } : {},
  });
  if (created.statusCode !== 200) throw new Error(`login_qr_code failed: ${created.body}`);
  const deviceCookie = options.deviceCookie ?? created.cookies.find((c) => c.name === 'moyan_device')?.value ?? '';
  const session = body<QrSessionView>(created).result;
  return {
    session,
    address,
    deviceCookie,
    poll: () =>
      app.inject({
        method: 'POST',
        url: `${BASE}/val_login_qr_code`,
        query: { query: session.id },
        remoteAddress: address,
        cookies: { moyan_device: deviceCookie },
      }),
  };
}

/** What the QR code carries: the scan token at the end of its path. */
export const scanTokenOf = (qrCode: string) => new URL(qrCode).pathname.split('/').filter(Boolean).at(-1) ?? '';

/**
 * The phone's confirmation page calling qr_scan or qr_confirm with what the QR code carries, and, to
 * confirm, the device key the server issued this phone last time (none on a new phone).
 */
export function phoneCall(
  app: FastifyInstance,
  action: 'qr_scan' | 'qr_confirm',
  qrCode: string,
  options: { deviceKey?: string; address?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = { scanToken: scanTokenOf(qrCode), ...(options.deviceKey ? { deviceKey: options.deviceKey } : {}) };
  return app.inject({ method: 'POST', url: `${BASE}/${action}`, payload, remoteAddress: options.address ?? '203.0.113.200' });
}

/** A whole QR sign-in: a desktop asks, a phone (new unless it brings its key) confirms, the desktop polls. */
export async function qrSignIn(
  app: FastifyInstance,
  phone: { deviceKey?: string; address?: string } = {},
): Promise<{ token: string; deviceKey: string; loginName: string }> {
  const desktop = await desktopQr(app);
  const confirmed = await phoneCall(app, 'qr_confirm', desktop.session.qrCode, phone);
  if (confirmed.statusCode !== 200) throw new Error(`qr_confirm failed: ${confirmed.body}`);
  const state = body<{ deviceKey: string; loginName: string }>(confirmed).result;
  const token = body<string>(await desktop.poll()).result;
  return { token, deviceKey: state.deviceKey, loginName: state.loginName };
}
