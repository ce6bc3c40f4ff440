import { Command } from 'commander';
import { registerCheckCommand } from './cli/check';
import { registerCorpusCommands } from './cli/corpus';

const program = new Command('moyan').description('墨研命令行：管理与批处理').showHelpAfterError();

registerCorpusCommands(program);
registerCheckCommand(program);

await program.parseAsync(process.argv);
