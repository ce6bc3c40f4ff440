// Both fake payment providers with keys generated now and written to a temporary folder, and the WECHATPAY_* /
// ALIPAY_* settings that point 墨研 at them (tests, e2e, `npm run fake-pay`). The key files look like the real
// ones: WeChat Pay's apiclient_key.pem and pub_key.pem, Alipay's bare base64 keys from its key tool.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeAlipay, startFakeAlipay } from './alipay';
import { type FakeWechatPay, startFakeWechatPay } from './wechat';

export interface FakePay {
  wechat: FakeWechatPay;
  alipay: FakeAlipay;
  /** The environment that configures 墨研 for both (add PUBLIC_BASE_URL: the providers call it back). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface FakePayOptions {
  wechatPort?: number;
  alipayPort?: number;
  refundDelayMs?: number;
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

export async function startFakePay(options: FakePayOptions = {}): Promise<FakePay> {
  const dir = mkdtempSync(join(tmpdir(), 'moyan-fake-pay-'));
  const merchant = rsa();
  const platform = rsa();
  const app = rsa();
  const alipayKey = rsa();
  const apiV3Key = randomBytes(16).toString('hex');
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o600 });
    return path;
  };
  const ids = {
    mchId: '1900000109',
    appId: 'wx8888888888888888',
    merchantSerialNo: randomBytes(20).toString('hex').toUpperCase(),
    platformKeyId: `PUB_KEY_ID_0119${randomBytes(12).toString('hex').toUpperCase()}`,
    alipayAppId: '2021000000000001',
  };
  const wechat = await startFakeWechatPay({
    mchId: ids.mchId,
    appId: ids.appId,
    merchantSerialNo: ids.merchantSerialNo,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformKeyId: ids.platformKeyId,
    apiV3Key,
    refundDelayMs: options.refundDelayMs,
    port: options.wechatPort,
  });
  const alipay = await startFakeAlipay({
    appId: ids.alipayAppId,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipayKey.privateKey,
    port: options.alipayPort,
  });
  const bare = (der: Buffer) => der.toString('base64');
  const env = {
    WECHATPAY_MCH_ID: ids.mchId,
    WECHATPAY_APP_ID: ids.appId,
    WECHATPAY_MCH_SERIAL_NO: ids.merchantSerialNo,
    WECHATPAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', String(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))),
    WECHATPAY_APIV3_KEY_FILE: file('apiv3_key.txt', `${apiV3Key}\n`),
    WECHATPAY_PUBLIC_KEY_FILE: file('pub_key.pem', String(platform.publicKey.export({ type: 'spki', format: 'pem' }))),
    WECHATPAY_PUBLIC_KEY_ID: ids.platformKeyId,
    WECHATPAY_BASE_URL: wechat.url,
    ALIPAY_APP_ID: ids.alipayAppId,
    ALIPAY_PRIVATE_KEY_FILE: file('alipay_app_private_key.txt', bare(app.privateKey.export({ type: 'pkcs8', format: 'der' }))),
    ALIPAY_PUBLIC_KEY_FILE: file('alipay_public_key.txt', bare(alipayKey.publicKey.export({ type: 'spki', format: 'der' }))),
    ALIPAY_GATEWAY: alipay.url,
  };
  return {
    wechat,
    alipay,
    env,
    async close() {
      await Promise.all([wechat.close(), alipay.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
