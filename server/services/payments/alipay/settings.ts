import { type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Config } from '../../../config';
import { readKeyFile } from '../key-files';

export interface AlipaySettings {
  appId: string;
  /** PKCS#8 PEM, whatever form the file had. */
  privateKeyPem: string;
  alipayPublicKeyPem: string;
  gateway: string;
  notifyUrl: string;
  timeoutMs: number;
}

type AlipayConfig = Pick<
  Config,
  'ALIPAY_APP_ID' | 'ALIPAY_PRIVATE_KEY_FILE' | 'ALIPAY_PUBLIC_KEY_FILE' | 'ALIPAY_GATEWAY' | 'PUBLIC_BASE_URL' | 'PAYMENT_TIMEOUT_MS'
>;

/** The merchant's Alipay application from ALIPAY_* (keys read from their files), or null when not configured. */
export function alipaySettings(config: AlipayConfig): AlipaySettings | null {
  const { ALIPAY_APP_ID: appId, ALIPAY_PRIVATE_KEY_FILE: keyFile, ALIPAY_PUBLIC_KEY_FILE: publicFile } = config;
  if (!appId || !keyFile || !publicFile) return null;
  return {
    appId,
    privateKeyPem: pem(key('ALIPAY_PRIVATE_KEY_FILE', keyFile, 'private')),
    alipayPublicKeyPem: pem(key('ALIPAY_PUBLIC_KEY_FILE', publicFile, 'public')),
    gateway: config.ALIPAY_GATEWAY,
    notifyUrl: `${config.PUBLIC_BASE_URL}/pay/alipay/notify`,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
  };
}

// The 支付宝开放平台密钥工具 writes bare base64 (PKCS#8 or PKCS#1 for the private key, SPKI for the public
// one) without PEM lines; files with PEM lines work too.
function key(setting: string, path: string, kind: 'private' | 'public'): KeyObject {
  const text = readKeyFile(setting, path).trim();
  const attempts: Array<() => KeyObject> = text.includes('-----BEGIN')
    ? [() => (kind === 'private' ? createPrivateKey(text) : createPublicKey(text))]
    : kind === 'private'
      ? (['pkcs8', 'pkcs1'] as const).map((type) => () => createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type }))
      : [() => createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' })];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // the next form
    }
  }
  throw new Error(`${setting}: ${path} does not hold a usable RSA ${kind} key`);
}

function pem(key: KeyObject): string {
  return key.type === 'private'
    ? String(key.export({ type: 'pkcs8', format: 'pem' }))
    : String(key.export({ type: 'spki', format: 'pem' }));
}
