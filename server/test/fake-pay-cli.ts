// `npm run fake-pay [-- --wechat-port N] [--alipay-port N]`: the fake WeChat Pay and Alipay of server/test/fake-pay on
// loopback with keys generated now, and the fake WeChat sign-in (port 18203), for running the real server with both
// channels and WeChat sign-in and no merchant or Open Platform account.
import { parseArgs } from 'node:util';
import { startFakePay } from './fake-pay';
import { startFakeWechatLogin } from './fake-wechat-login';

const { values } = parseArgs({
  options: {
    'wechat-port': { type: 'string' },
    'alipay-port': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log('用法：npm run fake-pay [-- --wechat-port 18201] [--alipay-port 18202]');
  console.log('在 127.0.0.1 上启动模拟微信支付与模拟支付宝（密钥现场生成，不产生任何真实交易）。');
  process.exit(0);
}

const port = (text: string | undefined, fallback: number) => {
  const n = Number(text ?? fallback);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    console.error(`错误：端口“${text}”无效（0-65535 的整数）`);
    process.exit(1);
  }
  return n;
};

try {
  const fake = await startFakePay({ wechatPort: port(values['wechat-port'], 18201), alipayPort: port(values['alipay-port'], 18202) });
  const wechatLogin = await startFakeWechatLogin({ port: 18203 });
  console.log('模拟支付渠道与模拟微信登录已启动（不是真实的微信支付、支付宝、微信，不产生任何交易）。');
  console.log('把下面的设置加到墨研的环境（另需 PUBLIC_BASE_URL，例如 http://127.0.0.1:8080，渠道向它发送支付通知）：');
  for (const [name, value] of Object.entries({ ...fake.env, ...wechatLogin.env })) console.log(`  ${name}=${value}`);
  console.log(`模拟付款人：微信支付 ${fake.wechat.url}/_fake/ ，支付宝 ${fake.alipay.url.replace('/gateway.do', '')}/_fake/ （列出待支付订单，点“付款”）`);
  console.log('故障脚本：POST <渠道地址>/_fake/script {"faults":["notify:lost"]}，可用 notify:duplicate、notify:late=5000、notify:forged、');
  console.log('notify:tampered、api:timeout、api:error、refund:decline（见 server/test/fake-pay/wechat.ts）。Ctrl+C 退出。');
  const stop = () => {
    void Promise.all([fake.close(), wechatLogin.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? '错误：端口已被占用，请用 --wechat-port / --alipay-port 换一个（0 表示任选空闲端口）' : `错误：${(error as Error).message}`);
  process.exit(1);
}
