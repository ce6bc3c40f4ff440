import { type Command, Option } from 'commander';
import { loadConfig } from '../config';
import { createLlmGateway, llmSettings } from '../engines/llm';
import { isRewriteMode, type RewriteMode, rewriteDocument } from '../engines/rewrite';
import { documentText } from './document-text';

// `npm run cli -- rewrite FILE --mode rewrite|strong|cnki|smart|polish [--seed N] --json`: rewords a
// .txt/.docx/.pdf without a database. The model modes use the model configured by LLM_* (through the
// gateway) and fall back to the offline engine without one, saying so (`offline: true`).

export const CLI_MODES: RewriteMode[] = ['rewrite', 'strong', 'cnki', 'smart', 'polish', 'aigc'];

export function registerRewriteCommand(program: Command): void {
  program
    .command('rewrite')
    .description('改写（降重）一个 .txt/.docx/.pdf 文件，不需要数据库')
    .argument('<file>', '要改写的文件')
    .addOption(new Option('--mode <mode>', '改写模式').choices(CLI_MODES).default('smart'))
    .option('--seed <n>', '随机种子（同一种子同一结果）', '1')
    .option('--terms <list>', '保护词，逗号分隔')
    .option('--json', '输出一个 JSON 对象 {mode, offline, paragraphs: [{original, rewritten}]}')
    .action(async (file: string, options: { mode: string; seed: string; terms?: string; json?: boolean }) => {
      const seed = Number(options.seed);
      if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
        console.error(`--seed 必须是 0 到 4294967295 之间的整数，收到“${options.seed}”`);
        process.exitCode = 1;
        return;
      }
      if (!isRewriteMode(options.mode)) throw new Error(`未知的改写模式：${options.mode}`);
      const text = await documentText(file);
      if (text === null) return;
      const gateway = options.mode === 'smart' ? undefined : createLlmGateway(llmSettings(loadConfig()));
      const protectedTerms = options.terms?.split(/[,，、]/).map((t) => t.trim()).filter(Boolean) ?? [];
      const result = await rewriteDocument(text, { mode: options.mode, seed, protectedTerms, gateway });
      if (options.json) {
        console.log(
          JSON.stringify({
            mode: result.mode,
            offline: result.offline,
            paragraphs: result.paragraphs.map(({ original, rewritten }) => ({ original, rewritten })),
          }),
        );
        return;
      }
      const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
      console.log(`${file}  模式 ${result.mode}${result.offline ? '（离线引擎改写）' : ''}`);
      for (const p of result.paragraphs) {
        console.log(`\n[${p.index + 1}] 与原文相似 ${percent(p.similarityToOriginal)}  字符二元组重合 ${percent(p.bigramOverlap)}${p.protectedKept ? '' : '  保护内容有变化'}${p.offline ? '  离线' : ''}`);
        console.log(`原文：${p.original}`);
        console.log(`改写：${p.rewritten}`);
      }
    });
}
