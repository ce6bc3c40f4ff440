import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { packageTypesForSale } from '../orders/for-sale';
import { type CapabilitySources, SERVICES, type ServiceName, capabilities } from './capabilities';

describe('PAYMENT_SANDBOX', () => {
  it.each([
    [{}, true],
    [{ HOST: '127.0.0.1', NODE_ENV: 'development' }, true],
    [{ HOST: '127.0.0.2', NODE_ENV: 'test' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '::' }, false],
    [{ HOST: '192.168.1.10' }, false],
    [{ HOST: 'moyan.example.edu.cn' }, false],
    [{ HOST: '127.0.0.1', NODE_ENV: 'production' }, false],
    [{ HOST: 'localhost', NODE_ENV: 'production' }, false],
  ])('defaults for %j to %s (on only for loopback development)', (env, open) => {
    expect(loadConfig(env).PAYMENT_SANDBOX).toBe(open);
  });

  it.each([
    [{ PAYMENT_SANDBOX: 'on', HOST: '0.0.0.0', NODE_ENV: 'production', PAYMENT_SANDBOX_IN_PRODUCTION: 'yes-i-understand' }, true],
    [{ PAYMENT_SANDBOX: 'off', HOST: '127.0.0.1', NODE_ENV: 'development' }, false],
    [{ PAYMENT_SANDBOX: '', HOST: '0.0.0.0' }, false],
  ])('follows the operator when set: %j -> %s', (env, open) => {
    expect(loadConfig(env).PAYMENT_SANDBOX).toBe(open);
  });

  it('refuses to start a production server with it on, unless PAYMENT_SANDBOX_IN_PRODUCTION says yes-i-understand', () => {
    const refusal =
      '生产环境（NODE_ENV=production）不能开启沙箱支付（PAYMENT_SANDBOX=on）：任何人拿到支付链接都能不付款为账户充值。确需开启，请同时设置 PAYMENT_SANDBOX_IN_PRODUCTION=yes-i-understand';
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'on', NODE_ENV: 'production' })).toThrow(refusal);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'on', NODE_ENV: 'production', PAYMENT_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(refusal);
    expect(loadConfig({ PAYMENT_SANDBOX: 'off', NODE_ENV: 'production' }).PAYMENT_SANDBOX).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: 'on', NODE_ENV: 'development', HOST: '0.0.0.0' }).PAYMENT_SANDBOX).toBe(true);
  });

  it('refuses anything but on and off', () => {
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
  });
});

describe('WECHATPAY_* and ALIPAY_*', () => {
  const wechat = {
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wx8888888888888888',
    WECHATPAY_MCH_SERIAL_NO: 'ABC',
    WECHATPAY_PRIVATE_KEY_FILE: '/k/apiclient_key.pem',
    WECHATPAY_APIV3_KEY_FILE: '/k/v3.txt',
    WECHATPAY_PUBLIC_KEY_FILE: '/k/pub_key.pem',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
  };
  const alipay = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY_FILE: '/k/app.txt', ALIPAY_PUBLIC_KEY_FILE: '/k/alipay.txt' };

  it('takes a channel whole or not at all, and needs the public address the providers call back', () => {
    expect(() => loadConfig({ ...wechat, PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' })).not.toThrow();
    expect(() => loadConfig({ ...alipay, PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' })).not.toThrow();
    const { WECHATPAY_APIV3_KEY_FILE: _omitted, ...partial } = wechat;
    expect(() => loadConfig({ ...partial, PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' })).toThrow(
      /WECHATPAY_APIV3_KEY_FILE: required with WECHATPAY_MCH_ID/,
    );
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001', PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' })).toThrow(
      /ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE: required with ALIPAY_APP_ID/,
    );
    expect(() => loadConfig(alipay)).toThrow(/PUBLIC_BASE_URL: required with ALIPAY_APP_ID/);
    expect(() => loadConfig({ WECHAT_LOGIN_APP_ID: 'wx0000000000000001', PUBLIC_BASE_URL: 'https://moyan.example.edu.cn' })).toThrow(
      /WECHAT_LOGIN_APP_SECRET_FILE: required with WECHAT_LOGIN_APP_ID/,
    );
    expect(() => loadConfig({ WECHAT_LOGIN_APP_ID: 'wx0000000000000001', WECHAT_LOGIN_APP_SECRET_FILE: '/k/s.txt' })).toThrow(
      /PUBLIC_BASE_URL: required with WECHAT_LOGIN_APP_ID \(the sign-in callback address\)/,
    );
  });
});

describe('REGISTRATION', () => {
  it('is open by default, closed when the operator says so, and nothing else', () => {
    expect(loadConfig({}).REGISTRATION).toBe('open');
    expect(loadConfig({ REGISTRATION: 'closed' }).REGISTRATION).toBe('closed');
    expect(() => loadConfig({ REGISTRATION: 'no' })).toThrow(/REGISTRATION/);
  });
});

describe('what this instance offers', () => {
  // A model configured: the services that need one are judged by whether they are built.
  const config: CapabilitySources['config'] = {
    ...loadConfig({}),
    PAYMENT_SANDBOX: true,
    REGISTRATION: 'open',
    LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
    LLM_MODEL: 'qwen2.5',
  };
  const offer = (built: ServiceName[], overrides: Partial<CapabilitySources['config']> = {}) =>
    capabilities({ config: { ...config, ...overrides }, builtServices: new Set(built) });

  it('offers built services and explains the others', () => {
    const caps = offer(['check', 'ppt']);
    expect(Object.keys(caps.services)).toEqual([...SERVICES]);
    expect(caps.services.check).toEqual({ available: true, reason: null });
    expect(caps.services.ppt).toEqual({ available: true, reason: null });
    for (const service of ['aigc', 'aigcLower', 'rewrite', 'paper', 'chat'] as const) {
      expect(caps.services[service]).toEqual({ available: false, reason: '该功能正在建设中' });
    }
  });

  it('says the services that need a model cannot work without one, and which model each needs', () => {
    const noModel = offer([...SERVICES], { LLM_BASE_URL: undefined, LLM_MODEL: undefined });
    const why = { available: false, reason: '未配置大模型服务，请联系管理员配置后再试' };
    expect(noModel.services).toEqual({
      check: { available: true, reason: null },
      aigc: { available: true, reason: null },
      aigcLower: { available: true, reason: null },
      rewrite: { available: true, reason: null },
      paper: why,
      ppt: { available: true, reason: null },
      chat: why,
    });
    const chatOnly = offer([...SERVICES], { LLM_MODEL: undefined, LLM_MODEL_CHAT: 'deepseek-chat' });
    expect(Object.entries(chatOnly.services).filter(([, s]) => s.available).map(([name]) => name)).toEqual(['check', 'aigc', 'aigcLower', 'rewrite', 'ppt', 'chat']);
    // Not built wins over not configured: the reason is the one that matters first.
    expect(offer([], { LLM_BASE_URL: undefined }).services.chat).toEqual({ available: false, reason: '该功能正在建设中' });
    expect(packageTypesForSale(noModel)).toEqual(['check', 'rewrite', 'aigc', 'ppt', 'recharge']);
  });

  it('names the open payment channels, and says why there is none', () => {
    expect(offer([]).payment).toEqual({ available: true, reason: null, channels: ['sandbox'] });
    expect(offer([], { PAYMENT_SANDBOX: false }).payment).toEqual({
      available: false,
      reason: '暂未开通在线支付，请联系管理员充值',
      channels: [],
    });
  });

  it('offers WeChat Pay and Alipay once configured, before the sandbox', () => {
    expect(offer([], { WECHATPAY_MCH_ID: '1900000109' }).payment.channels).toEqual(['wechat', 'sandbox']);
    expect(offer([], { ALIPAY_APP_ID: '2021000000000001', PAYMENT_SANDBOX: false }).payment).toEqual({
      available: true,
      reason: null,
      channels: ['alipay'],
    });
    expect(offer([], { WECHATPAY_MCH_ID: '1900000109', ALIPAY_APP_ID: '2021000000000001' }).payment.channels).toEqual(['wechat', 'alipay', 'sandbox']);
  });

  it('says whether sign-up is open', () => {
    expect(offer([]).registration).toEqual({ open: true });
    expect(offer([], { REGISTRATION: 'closed' }).registration).toEqual({ open: false });
  });

  it('sells top-ups and the packages of available services, and nothing without a payment channel', () => {
    expect(packageTypesForSale(offer(['check', 'ppt']))).toEqual(['check', 'ppt', 'recharge']);
    expect(packageTypesForSale(offer([...SERVICES]))).toEqual(['check', 'rewrite', 'aigc', 'paper', 'ppt', 'recharge']);
    expect(packageTypesForSale(offer([...SERVICES], { PAYMENT_SANDBOX: false }))).toEqual([]);
  });

  it('sells the aigc package (降AIGC套餐) with lowering, not with detection alone', () => {
    expect(packageTypesForSale(offer(['check', 'aigc']))).toEqual(['check', 'recharge']);
    expect(packageTypesForSale(offer(['aigcLower']))).toEqual(['aigc', 'recharge']);
  });
});
