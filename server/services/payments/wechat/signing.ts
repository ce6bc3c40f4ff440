import { type KeyObject, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

// WeChat Pay API v3 (https://pay.weixin.qq.com/doc/v3/merchant/4012365336 签名生成 / 签名验证 / 回调报文解密):
// a message is its lines each ended by "\n"; requests are signed SHA256-with-RSA by the merchant's private key
// and sent as `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=..,nonce_str=..,signature=..,timestamp=..,serial_no=..`;
// answers and notifications carry Wechatpay-Timestamp / -Nonce / -Signature / -Serial, signed by WeChat Pay's key
// over timestamp, nonce and body; a notification's resource is AEAD_AES_256_GCM under the APIv3 key.

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

export const signedMessage = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

export interface MerchantKey {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request (`target`: path and query, as sent). */
export function authorization(
  merchant: MerchantKey,
  method: string,
  target: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = randomBytes(16).toString('hex').toUpperCase(),
): string {
  const signature = createSign('RSA-SHA256')
    .update(signedMessage(method, target, String(timestamp), nonce, body))
    .sign(merchant.privateKey, 'base64');
  return `${AUTH_SCHEME} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

export interface SignedHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  serial: string | undefined;
}

export function signedHeaders(headers: Record<string, string | undefined>): SignedHeaders {
  return {
    timestamp: headers['wechatpay-timestamp'],
    nonce: headers['wechatpay-nonce'],
    signature: headers['wechatpay-signature'],
    serial: headers['wechatpay-serial'],
  };
}

export interface PlatformKey {
  /** 微信支付公钥 ID (PUB_KEY_ID_…) or the platform certificate's serial number. */
  id: string;
  publicKey: KeyObject;
}

/**
 * Why a signed answer or notification does not hold up, or null when it does. `maxAgeSeconds` bounds
 * how old its timestamp may be (a replayed old notification is refused).
 */
export function signatureProblem(
  platform: PlatformKey,
  headers: SignedHeaders,
  body: string,
  now: Date,
  maxAgeSeconds: number,
): string | null {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'missing signature headers';
  if (serial !== platform.id) return `signed by an unknown key (${serial.slice(0, 64)})`;
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now.getTime() / 1000 - seconds) > maxAgeSeconds) return 'timestamp out of range';
  const valid = createVerify('RSA-SHA256').update(signedMessage(timestamp, nonce, body)).verify(platform.publicKey, signature, 'base64');
  return valid ? null : 'bad signature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** The plaintext of a notification's resource; throws when the algorithm is not AEAD_AES_256_GCM or the tag fails. */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}
