import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app';
import { alipaySettings } from './alipay/settings';
import { wechatPaySettings } from './wechat/settings';

const dir = mkdtempSync(join(tmpdir(), 'moyan-pay-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('merchant keys read from their files', () => {
  const wechat = () =>
    testConfig({
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_APP_ID: 'wx8888888888888888',
      WECHATPAY_MCH_SERIAL_NO: 'ABC',
      WECHATPAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', String(privateKey.export({ type: 'pkcs8', format: 'pem' }))),
      WECHATPAY_APIV3_KEY_FILE: file('v3.txt', 'a'.repeat(32)),
      WECHATPAY_PUBLIC_KEY_FILE: file('pub_key.pem', String(publicKey.export({ type: 'spki', format: 'pem' }))),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
    });

  it('nothing configured, no channel', () => {
    expect(wechatPaySettings(testConfig())).toBeNull();
    expect(alipaySettings(testConfig())).toBeNull();
  });

  it('reads the WeChat Pay keys; the notify address comes from PUBLIC_BASE_URL', () => {
    const settings = wechatPaySettings(wechat());
    expect(settings?.notifyUrl).toBe('http://moyan.test/pay/wechat/notify');
    expect(settings?.apiV3Key.length).toBe(32);
    expect(settings?.platform.publicKey.asymmetricKeyType).toBe('rsa');
  });

  it('stops with the setting and the path, never the content, when a key is missing or unusable', () => {
    expect(() => wechatPaySettings({ ...wechat(), WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'nope.pem') })).toThrow(
      `WECHATPAY_PRIVATE_KEY_FILE: cannot read ${join(dir, 'nope.pem')} (ENOENT)`,
    );
    expect(() => wechatPaySettings({ ...wechat(), WECHATPAY_APIV3_KEY_FILE: file('short.txt', 'secret-but-short') })).toThrow(
      /^WECHATPAY_APIV3_KEY_FILE: the APIv3 key must be 32 characters$/,
    );
    const garbage = file('garbage.pem', '-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----\n');
    const error = (() => {
      try {
        wechatPaySettings({ ...wechat(), WECHATPAY_PRIVATE_KEY_FILE: garbage });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).toBe(`WECHATPAY_PRIVATE_KEY_FILE: ${garbage} does not hold a usable PEM key`);
  });

  it.each([
    ['bare PKCS#8 base64 (the key tool)', privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64')],
    ['bare PKCS#1 base64', privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64')],
    ['PEM', String(privateKey.export({ type: 'pkcs1', format: 'pem' }))],
  ])('reads an Alipay private key as %s', (_form, content) => {
    const settings = alipaySettings(
      testConfig({
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY_FILE: file('app.txt', content),
        ALIPAY_PUBLIC_KEY_FILE: file('alipay.txt', publicKey.export({ type: 'spki', format: 'der' }).toString('base64')),
      }),
    );
    expect(settings?.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(settings?.alipayPublicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(settings?.notifyUrl).toBe('http://moyan.test/pay/alipay/notify');
  });
});
