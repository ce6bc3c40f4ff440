// `npm run fake-llm [-- --port N] [--api-key KEY] [--token-delay-ms MS]`: the fake model of server/test/fake-llm.ts
// on loopback, for running the real server end to end without a provider. Its answers are canned and say so.
// The port comes from --port, else FAKE_LLM_PORT, else 11435; 0 picks a free one.
import { parseArgs } from 'node:util';
import { FAKE_MODEL, startFakeLlm } from './fake-llm';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'api-key': { type: 'string' },
    'token-delay-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log('用法：npm run fake-llm [-- --port 11435] [--api-key KEY] [--token-delay-ms 20]');
  console.log('在 127.0.0.1 上启动墨研测试用模拟模型（OpenAI 兼容接口，回答固定，并注明是模拟回答）。');
  process.exit(0);
}

const portText = values.port ?? process.env.FAKE_LLM_PORT ?? '11435';
const port = Number(portText);
const tokenDelayMs = Number(values['token-delay-ms'] ?? 20);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`错误：端口“${portText}”无效（0-65535 的整数）`);
  process.exit(1);
}
if (!Number.isFinite(tokenDelayMs) || tokenDelayMs < 0) {
  console.error('错误：--token-delay-ms 须为非负数');
  process.exit(1);
}

try {
  const fake = await startFakeLlm({ port, apiKey: values['api-key'], tokenDelayMs });
  console.log(`模拟模型已启动（回答是固定的模拟内容，不是真实大模型）：${fake.url}`);
  console.log('让墨研使用它：');
  console.log(`  LLM_BASE_URL=${fake.url}`);
  console.log(`  LLM_MODEL=${FAKE_MODEL}`);
  if (values['api-key']) console.log(`  LLM_API_KEY=${values['api-key']}`);
  console.log('故障脚本：在问题里写 [[fake:500]]、[[fake:slow-first-token=2000]] 等（见 server/test/fake-llm.ts）。Ctrl+C 退出。');
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE' ? `错误：端口 ${port} 已被占用，请用 --port 换一个（0 表示任选空闲端口）` : `错误：${(error as Error).message}`,
  );
  process.exit(1);
}
