const BASE = '/api/base/login_api/f';

async function postJson<T>(url: URL, init: { body?: unknown; cookie?: string } = {}): Promise<{ result: T; response: Response }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(url, { method: 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const envelope = (await response.json()) as { success: boolean; result: T; error?: { code: string; message: string } };
  if (!envelope.success) throw new Error(`${url.pathname}: ${response.status} ${envelope.error?.code} ${envelope.error?.message}`);
  return { result: envelope.result, response };
}

/**
 * A new account through the QR flow against a running server (benches, e2e set-up), so its first check
 * is free: the desktop keeps the device cookie login_qr_code sets and polls with it, as a browser does.
 */
export async function qrSignUpOverHttp(base: string): Promise<string> {
  const created = await postJson<{ id: string; qrCode: string }>(new URL(`${BASE}/login_qr_code`, base));
  const cookie = created.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const scanToken = new URL(created.result.qrCode).pathname.split('/').at(-1);
  await postJson(new URL(`${BASE}/qr_confirm`, base), { body: { scanToken } });
  const poll = new URL(`${BASE}/val_login_qr_code`, base);
  poll.searchParams.set('query', created.result.id);
  const { result: token } = await postJson<string | null>(poll, { cookie });
  if (!token) throw new Error('val_login_qr_code returned no token after the phone confirmed');
  return token;
}
