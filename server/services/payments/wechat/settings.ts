import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Config } from '../../../config';
import { readKeyFile } from '../key-files';
import type { MerchantKey, PlatformKey } from './signing';

export interface WechatPaySettings {
  appId: string;
  merchant: MerchantKey;
  apiV3Key: Buffer;
  platform: PlatformKey;
  baseUrl: string;
  notifyUrl: string;
  timeoutMs: number;
}

type WechatPayConfig = Pick<
  Config,
  | 'WECHATPAY_MCH_ID'
  | 'WECHATPAY_APP_ID'
  | 'WECHATPAY_MCH_SERIAL_NO'
  | 'WECHATPAY_PRIVATE_KEY_FILE'
  | 'WECHATPAY_APIV3_KEY_FILE'
  | 'WECHATPAY_PUBLIC_KEY_FILE'
  | 'WECHATPAY_PUBLIC_KEY_ID'
  | 'WECHATPAY_BASE_URL'
  | 'PUBLIC_BASE_URL'
  | 'PAYMENT_TIMEOUT_MS'
>;

/** The merchant's WeChat Pay account from WECHATPAY_* (keys read from their files), or null when not configured. */
export function wechatPaySettings(config: WechatPayConfig): WechatPaySettings | null {
  const { WECHATPAY_MCH_ID: mchId, WECHATPAY_APP_ID: appId, WECHATPAY_MCH_SERIAL_NO: serialNo } = config;
  const { WECHATPAY_PRIVATE_KEY_FILE: keyFile, WECHATPAY_APIV3_KEY_FILE: v3File, WECHATPAY_PUBLIC_KEY_FILE: platformFile } = config;
  if (!mchId || !appId || !serialNo || !keyFile || !v3File || !platformFile || !config.WECHATPAY_PUBLIC_KEY_ID) return null;
  const apiV3Key = Buffer.from(readKeyFile('WECHATPAY_APIV3_KEY_FILE', v3File).trim(), 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WECHATPAY_APIV3_KEY_FILE: the APIv3 key must be 32 characters');
  return {
    appId,
    merchant: {
      mchId,
      serialNo,
      privateKey: readKey('WECHATPAY_PRIVATE_KEY_FILE', keyFile, (pem) => createPrivateKey(pem)),
    },
    apiV3Key,
    // 微信支付公钥 (pub_key.pem) or a platform certificate (wechatpay_*.pem): either holds the key that signs.
    platform: {
      id: config.WECHATPAY_PUBLIC_KEY_ID,
      publicKey: readKey('WECHATPAY_PUBLIC_KEY_FILE', platformFile, (pem) =>
        pem.includes('CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem),
      ),
    },
    baseUrl: config.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
    notifyUrl: `${config.PUBLIC_BASE_URL}/pay/wechat/notify`,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
  };
}

function readKey<T>(name: string, path: string, parse: (pem: string) => T): T {
  const pem = readKeyFile(name, path);
  try {
    return parse(pem);
  } catch {
    throw new Error(`${name}: ${path} does not hold a usable PEM key`);
  }
}
