// Worker-thread entry for piscina. The tasks are TypeScript: tsx's API loads them, so the same file
// works under `tsx server/server.ts`, vitest and plain node. workerData.tasks names the task module.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serveTasks } = await tsImport('./serve.ts', import.meta.url);
export default await serveTasks(workerData.tasks);
